// All of the sandbox's state in one object. `reset` re-seeds it in place so that a running server
// (and tests holding a reference) keep working after POST /__sandbox/reset.
import { DEFAULT_HEADER_NAMES, DEFAULT_PATCH_VERSION, type PlatformHeaderNames } from "@/lib/contract";
import type { Clock } from "../core/clock";
import { IdSource, seededRandom } from "../core/random";
import { Scheduler } from "../core/scheduler";
import { noFaults, type Faults } from "../platform/faults";
import { emptyStats, type Stats } from "../platform/stats";
import type * as T from "./types";

/** The account's settings after a reset: the platform as the spec and README describe it by default. */
function defaultAccount(): T.AccountRow {
  return { patchVersion: DEFAULT_PATCH_VERSION, peopleLists: true, eventLists: "whole", documentedRecords: false };
}

export interface RateLimitConfig {
  limit: number;
  windowSeconds: number;
}

export class SandboxState {
  seed: number;
  ids: IdSource;
  /** Seeded stream for random faults, separate from ids so faults do not shift data. */
  faultRandom: () => number;
  /** Seeded stream for the latency's jitter, so jitter does not shift the random errors either. */
  latencyRandom: () => number;
  readonly scheduler: Scheduler;

  clinics = new Map<string, T.ClinicRow>();
  clinicKeys: T.ClinicKeyRow[] = [];
  users = new Map<string, T.UserRow>();
  applications = new Map<string, T.ApplicationRow>();
  authCodes = new Map<string, T.AuthCodeRow>();
  tokenGrants = new Map<string, T.TokenGrantRow>();
  accessTokens = new Map<string, T.AccessTokenRow>();
  refreshTokens = new Map<string, T.RefreshTokenRow>();
  resources = new Map<string, T.ResourceRow>();
  serviceResources: T.ServiceResourceRow[] = [];
  patients = new Map<string, T.PatientRow>();
  treatmentPlans = new Map<string, T.TreatmentPlanRow>();
  products = new Map<string, T.ProductRow>();
  orders = new Map<string, T.OrderRow>();
  labOrders = new Map<string, T.LabOrderRow>();
  sessionGrants = new Map<string, T.SessionGrantRow>();
  embedSessions = new Map<string, T.EmbedSessionRow>();
  dataTokens = new Map<string, T.DataTokenRow>();
  events: T.EventRow[] = [];
  eventsById = new Map<string, T.EventRow>();
  deliveries: T.DeliveryRow[] = [];
  webhookEndpoint: T.WebhookEndpointRow | null = null;
  account: T.AccountRow = defaultAccount();
  faults: Faults = noFaults();
  stats: Stats = emptyStats();
  /** Each /api request's arrival and finish while recording (POST /__sandbox/trace), else null. */
  trace: T.TracedRequest[] | null = null;
  timeScale = 1;
  rateLimit: RateLimitConfig;
  rateWindows = new Map<string, number[]>();
  seq = 0;
  requestSeq = 0;
  /** Requests answered: with `seq`, what tells a saved world (state/persist.ts) that something changed. */
  handled = 0;
  /** Public base URL of the running server (file links, embed URLs); set once listening. */
  baseUrl = "";
  /** The clinic key and signature header names, as the app is configured (lib/contract/header-names.ts). */
  headerNames: PlatformHeaderNames = DEFAULT_HEADER_NAMES;

  constructor(
    readonly clock: Clock,
    seed: number,
    readonly defaults: { rateLimit: RateLimitConfig },
  ) {
    this.seed = seed;
    this.ids = new IdSource(seed);
    this.faultRandom = seededRandom(seed ^ 0xfa17);
    this.latencyRandom = seededRandom(seed ^ 0x1a7e);
    this.scheduler = new Scheduler(clock);
    this.rateLimit = { ...defaults.rateLimit };
  }

  /** Empties every collection and resets counters (seeding happens after). */
  clear(seed: number): void {
    this.scheduler.clear();
    this.seed = seed;
    this.ids = new IdSource(seed);
    this.faultRandom = seededRandom(seed ^ 0xfa17);
    this.latencyRandom = seededRandom(seed ^ 0x1a7e);
    this.trace = null;
    for (const map of [
      this.clinics,
      this.users,
      this.applications,
      this.authCodes,
      this.tokenGrants,
      this.accessTokens,
      this.refreshTokens,
      this.resources,
      this.patients,
      this.treatmentPlans,
      this.products,
      this.orders,
      this.labOrders,
      this.sessionGrants,
      this.embedSessions,
      this.dataTokens,
      this.eventsById,
      this.rateWindows,
    ])
      map.clear();
    this.clinicKeys = [];
    this.serviceResources = [];
    this.events = [];
    this.deliveries = [];
    this.webhookEndpoint = null;
    this.account = defaultAccount();
    this.faults = noFaults();
    this.stats = emptyStats();
    this.timeScale = 1;
    this.rateLimit = { ...this.defaults.rateLimit };
    this.seq = 0;
  }

  nextSeq(): number {
    return ++this.seq;
  }

  /** The clinic's newest key (keys are replaced, never reused). */
  currentKey(clinicId: string): T.ClinicKeyRow | undefined {
    const keys = this.clinicKeys.filter((k) => k.clinicId === clinicId);
    return keys[keys.length - 1];
  }

  integrationStatus(clinicId: string): "not_activated" | "activated" | "revoked" {
    const key = this.currentKey(clinicId);
    if (!key) return "not_activated";
    if (key.revokedAt !== null) return "revoked";
    return key.activatedAt !== null ? "activated" : "not_activated";
  }

  practitionersOf(clinicId: string): T.UserRow[] {
    return [...this.users.values()].filter((u) => u.clinicId === clinicId && u.type === "Practitioner");
  }

  patientsOf(clinicId: string): T.PatientRow[] {
    return [...this.patients.values()].filter((p) => p.clinicId === clinicId);
  }
}
