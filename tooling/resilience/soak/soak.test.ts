// The soak: the sandbox emits 2,000 events of clinic activity with random duplicates, reorders,
// drops and delays of their webhooks (seeded), into an app process (the real webhook endpoint and
// job worker) while the app's database goes down once (a real outage: see database.ts) and the app
// process is killed once and started again. During the outage more activity is emitted, and its
// deliveries must fail with the app's 503; what was stored before must still be there after.
// Afterwards one reconciliation runs, and every event the platform lists for the clinic is stored
// exactly once — no gap, nothing twice, nothing of another clinic.
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClinicClient, type ClinicClient } from "@/lib/clinic-api";
import { EVENT_RETENTION_DAYS, type EventType } from "@/lib/contract";
import { reconcileClinic } from "@/lib/events/reconcile/run";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { freePort } from "@/tooling/testing/ports";
import { int, newRandom, pickOne } from "@/tooling/resilience/fuzz/mutate";
import { launchApp } from "@/tooling/resilience/soak/launch";
import { startSoakDatabase, type Outage, type SoakDatabase } from "@/tooling/resilience/soak/database";
import { startTestSandbox } from "@/sandbox/testing/harness";
import { waitUntil } from "@/sandbox/testing/wait";
import { platformEventsOf } from "@/tooling/testing/stored-events";
import { NO_CLINIC } from "@/lib/events/record";

const EVENTS = 2000;
const BATCH = 20;
const SECRET = "soak-webhook-signing-secret";
const CHALLENGE = "soak-webhook-challenge";
// Types whose activity needs nothing but the clinic (clinic keys would end the integration).
const TYPES: EventType[] = [
  "patient.created",
  "patient.updated",
  "order.placed",
  "lab_order.updated",
  "product.created",
  "product.updated",
  "product.description.updated",
  "treatment_plan.created",
];

interface Stats {
  webhook_attempts: number;
  webhook_failures: number;
  webhook_successes: number;
  faults_injected: number;
  events_emitted: number;
}

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let database: SoakDatabase;
let app: ChildProcess | undefined;
let port: number;
const appDeaths: string[] = [];
const appEnv = () => ({
  ...process.env,
  DATABASE_URL: database.url,
  PORT: String(port),
  CLINIC_WEBHOOK_SECRET: SECRET,
  CLINIC_WEBHOOK_CHALLENGE: CHALLENGE,
  CLINIC_API_BASE_URL: sandbox.sb.url,
  APP_ENCRYPTION_KEY: `soak:${randomBytes(32).toString("base64url")}`,
});

function startApp(): Promise<ChildProcess> {
  return launchApp(appEnv(), (how) => appDeaths.push(how));
}

const stats = async () => (await sandbox.client.control<{ stats: Stats }>("/stats")).body.stats;
const until = (what: string, condition: () => Promise<boolean>, timeoutMs: number) =>
  waitUntil(condition, what, timeoutMs, 100);

const storedIds = async (clinicId: string): Promise<string[]> => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<{ id: string }>("SELECT id FROM events WHERE clinic_id = $1", [clinicId])).rows.map(
      (r) => r.id,
    );
  } finally {
    await client.end();
  }
};

interface OutageSeen extends Outage {
  attempted: { statusCode: number | null; ok: boolean }[];
  storedBefore: string[];
  missingAfter: string[];
}

/** Takes the database down while a batch of activity is delivered to the app; what the app answered then. */
async function outageUnderLoad(clinicId: string): Promise<OutageSeen> {
  const storedBefore = await storedIds(clinicId);
  await sandbox.client.control("/faults", {
    webhook_duplicate_next: 0,
    webhook_reorder_next: 0,
    webhook_delay_next: { count: 0, ms: 0 },
    webhook_drop_next: 0,
  });
  const s = sandbox.sb.state;
  let attempted: OutageSeen["attempted"] = [];
  const outage = await database.restart(800, async () => {
    const from = s.clock.now();
    const first = s.deliveries.length;
    const during = () => s.deliveries.slice(first).filter((d) => d.attemptedAt >= from);
    const answers = await Promise.all(
      Array.from({ length: BATCH }, () =>
        sandbox.client.control("/activity", { clinic_id: clinicId, type: "patient.updated" }),
      ),
    );
    if (answers.some((a) => a.status !== 201)) throw new Error("the sandbox refused activity during the outage");
    // Deliveries go out one at a time behind any backlog; wait (bounded) for a batch of them.
    await until("deliveries during the outage", async () => during().length >= BATCH, 15_000);
    attempted = during().map((d) => ({ statusCode: d.statusCode, ok: d.successfullyDelivered }));
  });
  const after = new Set(await storedIds(clinicId));
  return { ...outage, attempted, storedBefore, missingAfter: storedBefore.filter((id) => !after.has(id)) };
}

beforeAll(async () => {
  [sandbox, database, port] = await Promise.all([startTestSandbox(), startSoakDatabase(), freePort()]);
  app = await startApp();
  // Retries after 60 ms, 300 ms, 1.8 s…
  expect((await sandbox.client.control("/time-scale", { scale: 0.001 })).status).toBe(200);
  expect(
    (
      await sandbox.client.control("/webhook-endpoint", {
        url: `http://127.0.0.1:${port}/api/webhooks/clinic`,
        signing_secret: SECRET,
        challenge_token: CHALLENGE,
        signature_clock: "wall",
      })
    ).status,
  ).toBe(200);
}, 90_000);

afterAll(async () => {
  app?.kill("SIGKILL");
  await sandbox?.close();
  await database?.close();
});

describe("soak", () => {
  it(`${EVENTS} events through duplicates, reorders, drops, delays, a database outage and a killed app: each stored exactly once`, async () => {
    const A = sandbox.clinicA.id;
    // Activated: webhooks flow from here on.
    const token = await sandbox.client.activateClinic(sandbox.clinicA);
    const feed: ClinicClient = createClinicClient({
      baseUrl: sandbox.sb.url,
      credentials: {
        tokens: {
          getAccessToken: async () => token,
          refreshAfterUnauthorized: () => Promise.reject(new Error("no refresh in the soak")),
        },
      },
    });

    const random = newRandom(0x50a6);
    let outage: OutageSeen | null = null;
    let killed = false;
    let dropped = 0;
    for (let i = 0; i < EVENTS; i += BATCH) {
      const drop = random() < 0.3 ? int(random, 1, 2) : 0;
      dropped += drop;
      await sandbox.client.control("/faults", {
        webhook_duplicate_next: random() < 0.4 ? int(random, 1, 3) : 0,
        webhook_reorder_next: random() < 0.3 ? int(random, 2, 4) : 0,
        webhook_delay_next: { count: random() < 0.3 ? int(random, 1, 2) : 0, ms: int(random, 20, 1500) },
        webhook_drop_next: drop,
      });
      const answers = await Promise.all(
        Array.from({ length: BATCH }, () =>
          sandbox.client.control("/activity", { clinic_id: A, type: pickOne(random, TYPES) }),
        ),
      );
      expect(answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.text.slice(0, 160)}`)).toEqual([]);
      // Pace the emission by the deliveries, so that the restart and the kill land mid-stream.
      const { webhook_attempts: attempts } = await stats();
      if (outage === null && attempts >= EVENTS / 3) outage = await outageUnderLoad(A);
      if (!killed && attempts >= (2 * EVENTS) / 3) {
        app?.kill("SIGKILL");
        killed = true;
        await new Promise((r) => setTimeout(r, 1000));
        app = await startApp();
      }
      if (i % 200 === 0)
        await until("deliveries to catch up", async () => (await stats()).webhook_attempts >= i / 2, 60_000);
    }
    outage ??= await outageUnderLoad(A);
    if (!killed) {
      app?.kill("SIGKILL");
      killed = true;
      app = await startApp();
    }
    // First attempts done; give the quick retries (scaled back-off) a moment, then reconcile.
    await sandbox.client.control("/webhooks/drain", {});
    await new Promise((r) => setTimeout(r, 4000));

    const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: database.url, max: 4 }) });
    try {
      const run = await db.reconciliationRun.create({ data: { clinicId: A, trigger: "manual" } });
      await reconcileClinic(db, feed, A, run.id, { enqueueProcessing: async () => {} });

      const since = sandbox.sb.state.clock.now() - EVENT_RETENTION_DAYS * 86_400_000;
      const platform = sandbox.sb.state.events
        .filter((e) => e.clinicId === A && e.createdAt >= since)
        .map((e) => e.id)
        .sort();
      const local = (await db.event.findMany({ where: platformEventsOf(A), select: { id: true } }))
        .map((e) => e.id)
        .sort();
      expect(platform.length).toBeGreaterThanOrEqual(EVENTS);
      // Exactly once: the same ids, no gap, and (ids being unique) nothing twice.
      expect(local).toEqual(platform);
      expect(await db.event.count({ where: { clinicId: { notIn: [A, NO_CLINIC] } } })).toBe(0);

      // The outage was real: a new connection was refused, every delivery attempted meanwhile
      // failed and the app itself answered 503 (not the killed app's connection errors), and what
      // was stored before it was still there after (kept on disk, not refilled by a retry).
      expect(outage.refusal).toMatch(
        database.real ? /does not allow connections|not currently accepting/ : /ECONNREFUSED/,
      );
      if (database.real) expect(outage.cut).toBeGreaterThan(0);
      expect(outage.downForMs).toBeGreaterThanOrEqual(800);
      expect(outage.attempted.length).toBeGreaterThanOrEqual(BATCH);
      expect(outage.attempted.filter((d) => d.ok)).toEqual([]);
      expect(outage.attempted.some((d) => d.statusCode === 503)).toBe(true);
      expect(outage.storedBefore.length).toBeGreaterThan(0);
      expect(outage.missingAfter).toEqual([]);

      // The other faults really happened: duplicates arrived and were kept once, drops were filled
      // by reconciliation, deliveries failed while the database or the app was down.
      const s = await stats();
      expect(await db.webhookReceipt.count({ where: { duplicate: true } })).toBeGreaterThan(0);
      expect(
        await db.event.count({ where: { ...platformEventsOf(A), source: "reconciliation" } }),
      ).toBeGreaterThanOrEqual(dropped);
      expect(dropped).toBeGreaterThan(0);
      expect(s.webhook_failures).toBeGreaterThan(0);
      expect(killed).toBe(true);
      expect(appDeaths).toEqual([]);
    } finally {
      await db.$disconnect();
    }
  }, 170_000);
});
