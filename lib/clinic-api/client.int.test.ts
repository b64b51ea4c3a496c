// The typed client against the sandbox over HTTP: every endpoint answers in the contract's shape,
// errors arrive as their classes with the platform's request id, and the retry policy holds on the
// wire (429 + Retry-After waited for; 5xx retried for GET, not for POST). No database involved.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { EVENT_CATEGORIES, LOCAL_DEFAULTS, toDataUri } from "@/lib/contract";
import { createClinicClient, type AttemptReport, type ClinicClient } from "@/lib/clinic-api";
import { createOAuthClient } from "@/lib/clinic-api/oauth";
import { NotFoundError, PlatformUnavailableError, RateLimitedError, ValidationError } from "@/lib/clinic-api/errors";
import { collect } from "@/lib/clinic-api/pagination";
import { startSandbox, type Sandbox } from "@/sandbox/start";
import {
  authorizeAs,
  sandboxControl,
  sandboxSeed,
  TEST_REDIRECT_URI,
  type SandboxSeed,
} from "@/tooling/testing/auth-testbed";

let sandbox: Sandbox;
let seed: SandboxSeed;
let accessToken: string;
let practitionerId: string;
let reports: AttemptReport[];
let client: ClinicClient;

const pdf = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  seed = await sandboxSeed(sandbox.url);
  practitionerId = seed.clinics[0].practitioners[0].id;
  const oauth = createOAuthClient({
    baseUrl: sandbox.url,
    clientId: LOCAL_DEFAULTS.clientId,
    clientSecret: LOCAL_DEFAULTS.clientSecret,
    redirectUri: TEST_REDIRECT_URI,
  });
  const { code } = await authorizeAs(sandbox.url, practitionerId, { clientId: LOCAL_DEFAULTS.clientId });
  accessToken = (await oauth.exchangeCode(code)).access_token;
});
afterAll(async () => sandbox?.close());

beforeEach(async () => {
  await sandboxControl(sandbox.url, "faults", { clear: true });
  reports = [];
  client = createClinicClient({
    baseUrl: sandbox.url,
    retry: { baseDelayMs: 20 },
    onAttempt: (report) => reports.push(report),
    credentials: {
      tokens: { getAccessToken: async () => accessToken, refreshAfterUnauthorized: async () => accessToken },
    },
  });
});

describe("endpoints", () => {
  it("clinic, patients (one page and all pages), treatment plans", async () => {
    expect(await client.getClinic()).toMatchObject({ id: seed.clinics[0].id, name: seed.clinics[0].name });
    const page = await client.patients({ number: 1, size: 5 });
    expect(page.items).toHaveLength(5);
    const all = await collect(client.allPatients());
    expect(all).toHaveLength(page.meta.total_count);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(reports.filter((r) => r.path === "/api/clinic/patients").length).toBe(
      1 + Math.ceil(page.meta.total_count / 100),
    );
    const patient = all.find((p) => p.practitioner_id === practitionerId)!;
    const plans = await client.patientTreatmentPlans(patient.id);
    expect(plans.items.every((t) => t.patient_id === patient.id)).toBe(true);
  });

  it("practitioner resources: create, read, update, list, delete", async () => {
    const created = await client.resources.create(practitionerId, {
      name: "Sleep guide",
      type: "Guide",
      category: "Lifestyle",
      attachment: toDataUri(pdf, "application/pdf"),
      attachment_filename: "sleep.pdf",
      save_to_library: "true",
    });
    expect(created).toMatchObject({ name: "Sleep guide", type: "Guide", practitioner_id: practitionerId });
    expect((await client.resources.get(practitionerId, created.id)).id).toBe(created.id);
    expect((await client.resources.update(practitionerId, created.id, { name: "Better sleep" })).name).toBe(
      "Better sleep",
    );
    expect((await collect(client.resources.all(practitionerId))).some((r) => r.id === created.id)).toBe(true);
    await client.resources.delete(practitionerId, created.id);
    await expect(client.resources.get(practitionerId, created.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("service resources, the six event lists, one event, webhook deliveries, a session grant", async () => {
    expect((await client.resources.listService()).meta.total_count).toBeGreaterThan(0);
    for (const category of EVENT_CATEGORIES) {
      const page = await client.listEvents(category, { order_by: "DESC" }, { size: 10 });
      expect(page.items.every((e) => (e.event?.type.length ?? 0) > 0)).toBe(true);
      if (page.items[0]) expect((await client.getEvent(page.items[0].id)).id).toBe(page.items[0].id);
    }
    const deliveries = await client.listDeliveries({ order_by: "DESC" });
    expect(Array.isArray(deliveries.items)).toBe(true);
    const grant = await client.createSessionGrant();
    expect(grant).toMatchObject({ claimed_at: null, user: { id: practitionerId, type: "Practitioner" } });
  });
});

describe("errors", () => {
  it("a missing resource is NotFoundError with the platform's request id", async () => {
    const error = await client.resources.get(practitionerId, "res_missing").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as NotFoundError).requestId).toMatch(/\S+/);
    expect((error as NotFoundError).requestId).toBe(reports.at(-1)?.requestId);
  });

  it("a refused upload is ValidationError with field messages", async () => {
    const error = await client.resources
      .create(practitionerId, {
        name: "x",
        attachment: toDataUri(new TextEncoder().encode("MZ not a pdf"), "application/pdf"),
        attachment_filename: "x.pdf",
        save_to_library: "false",
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(Object.keys((error as ValidationError).fieldErrors)).toContain("attachment");
  });
});

describe("retries on the wire", () => {
  it("429 with Retry-After: waits that long, then succeeds", async () => {
    await sandboxControl(sandbox.url, "faults", {
      rate_limit_next: { count: 1, retry_after: 1, path_prefix: "/api/clinic" },
    });
    const started = Date.now();
    await expect(client.getClinic()).resolves.toMatchObject({ id: seed.clinics[0].id });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(reports.map((r) => r.status)).toEqual([429, 200]);
  });

  it("429 with a Retry-After beyond what we wait for: RateLimitedError at once", async () => {
    await sandboxControl(sandbox.url, "faults", {
      rate_limit_next: { count: 1, retry_after: 600, path_prefix: "/api/clinic" },
    });
    const error = await client.getClinic().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(600_000);
    expect(reports).toHaveLength(1);
  });

  it.each([502, 503, 504] as const)("GET after %i is retried and succeeds", async (status) => {
    await sandboxControl(sandbox.url, "faults", { fail_next: { count: 2, status, path_prefix: "/api/clinic" } });
    await expect(client.getClinic()).resolves.toMatchObject({ id: seed.clinics[0].id });
    expect(reports.map((r) => r.status)).toEqual([status, status, 200]);
  });

  it("GET after a dropped connection is retried", async () => {
    await sandboxControl(sandbox.url, "faults", { drop_next: { count: 1, path_prefix: "/api/clinic" } });
    await expect(client.getClinic()).resolves.toMatchObject({ id: seed.clinics[0].id });
    expect(reports.map((r) => r.status ?? r.failure)).toEqual(["network", 200]);
  });

  it("POST after a 503 is not retried", async () => {
    await sandboxControl(sandbox.url, "faults", {
      fail_next: { count: 1, status: 503, path_prefix: "/api/clinic/embeddable" },
    });
    await expect(client.createSessionGrant()).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(reports.map((r) => r.status)).toEqual([503]);
    await expect(client.createSessionGrant()).resolves.toMatchObject({ claimed_at: null });
  });

  it("GET that keeps failing gives up after the attempt limit", async () => {
    await sandboxControl(sandbox.url, "faults", { fail_next: { count: 10, status: 502, path_prefix: "/api/clinic" } });
    await expect(client.getClinic()).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(reports).toHaveLength(4);
  });
});
