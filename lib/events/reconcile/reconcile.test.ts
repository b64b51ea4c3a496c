// Reconciliation against the sandbox in-process, with webhooks delivered over real HTTP to the pure
// handler: dropped, duplicated and reordered deliveries → reconciliation fills the gap, nothing twice;
// on demand through the queue, one run per clinic even with two workers on one database.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClinicClient, type ClinicClient } from "@/lib/clinic-api";
import { PlatformUnavailableError } from "@/lib/clinic-api/errors";
import type { ReconcileFeed } from "@/lib/events/reconcile/feed";
import { EVENT_RETENTION_DAYS, type EventType } from "@/lib/contract";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { progressOf } from "@/lib/events/reconcile/progress";
import { requestReconciliation } from "@/lib/events/reconcile/request";
import { reconcileClinic } from "@/lib/events/reconcile/run";
import { createBoss } from "@/lib/queue/boss";
import { enqueueEventProcessing } from "@/lib/queue/enqueue";
import { startWorkers } from "@/lib/jobs/worker";
import { handleWebhook } from "@/lib/webhooks/handler";
import { createUnreadStore } from "@/lib/webhooks/unread";
import { createDeliveryStore } from "@/lib/webhooks/delivery-store";
import { startTestSandbox } from "@/sandbox/testing/harness";
import { recordEvent } from "@/sandbox/testing/history";
import { waitUntil } from "@/sandbox/testing/wait";
import { platformEventsOf as ofClinic } from "@/tooling/testing/stored-events";
import { NO_CLINIC } from "@/lib/events/record";

const SECRET = "reconcile-test-signing-secret";
const CHALLENGE = "reconcile-test-challenge";

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let t: AppTestDatabase;
let boss: PgBoss;
let receiver: Server;
let received = 0;
let feed: ClinicClient;

async function startReceiver(): Promise<string> {
  const storeDelivery = createDeliveryStore(t.pool);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      const header = req.headers["service-signature"];
      void handleWebhook(
        { rawBody, signatureHeader: typeof header === "string" ? header : null },
        {
          storeDelivery,
          storeUnread: createUnreadStore(t.pool),
          secrets: [SECRET],
          challenge: CHALLENGE,
          enqueueProcessing: (ids) => enqueueEventProcessing(boss, ids),
        },
      ).then(
        ({ status, body }) => {
          received += 1;
          res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
        },
        // A delivery still arriving as the file's database goes away: the platform sees a failure.
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/clinic`;
}

/** The app's client on the sandbox, signed in with a token it never needs to refresh. */
const clientWith = (token: string, clinicKey?: string) =>
  createClinicClient({
    baseUrl: sandbox.sb.url,
    credentials: {
      tokens: {
        getAccessToken: async () => token,
        refreshAfterUnauthorized: async () => Promise.reject(new Error("no refresh in this test")),
      },
      clinicKey,
    },
  });

const until = (condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) =>
  waitUntil(condition, "the condition", timeoutMs, 50);

/** Ids of clinic A's events the platform still lists (the last 30 days). */
function platformIds(clinicId: string): string[] {
  const since = sandbox.sb.state.clock.now() - EVENT_RETENTION_DAYS * 86_400_000;
  return sandbox.sb.state.events.filter((e) => e.clinicId === clinicId && e.createdAt >= since).map((e) => e.id);
}

beforeAll(async () => {
  [sandbox, t] = await Promise.all([startTestSandbox(), createTestDatabase("reconcile", { app: true })]);
  boss = await createBoss(t.url, { supervise: false, schedule: false });
  const url = await startReceiver();
  const registered = await sandbox.client.control("/webhook-endpoint", {
    url,
    signing_secret: SECRET,
    challenge_token: CHALLENGE,
    signature_clock: "wall",
  });
  expect(registered.status).toBe(200);
  // Webhooks are sent only for activated integrations; the activation's own event arrives by webhook.
  const token = await sandbox.client.activateClinic(sandbox.clinicA);
  feed = clientWith(token, sandbox.clinicA.current_clinic_key);
  await until(() => received >= 1);
}, 60_000);

afterAll(async () => {
  await boss?.stop({ graceful: false });
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  await sandbox?.close();
  await t?.drop();
});

describe("reconciliation", () => {
  it("fills a dropped delivery, stores a duplicated one once, and accepts out-of-order deliveries", async () => {
    const A = sandbox.clinicA.id;
    const before = received;
    // Event 1 dropped; event 2 duplicated and held back; event 3 releases the held ones reversed.
    expect(
      (
        await sandbox.client.control("/faults", {
          clear: true,
          webhook_drop_next: 1,
          webhook_duplicate_next: 1,
          webhook_reorder_next: 2,
        })
      ).status,
    ).toBe(200);
    const types: EventType[] = [
      "patient.created",
      "order.placed",
      "product.updated",
      "treatment_plan.created",
      "lab_order.updated",
    ];
    const created: string[] = [];
    for (const type of types) {
      const res = await sandbox.client.control<{ event: { id: string } }>("/activity", { clinic_id: A, type });
      expect(res.status).toBe(201);
      created.push(res.body.event.id);
    }
    // 4 deliveries + 1 duplicate; the dropped one never comes.
    await until(() => received >= before + 5);
    const stored = async () =>
      new Set((await t.db.event.findMany({ where: { id: { in: created } }, select: { id: true } })).map((e) => e.id));
    expect([...(await stored())].sort()).toEqual(created.slice(1).sort());
    expect(await t.db.webhookReceipt.count({ where: { eventId: created[1], duplicate: true } })).toBe(1);

    const storedByWebhook = await t.db.event.count({ where: ofClinic(A) });
    const run = await t.db.reconciliationRun.create({ data: { clinicId: A, trigger: "manual" } });
    const counters = await reconcileClinic(t.db, feed, A, run.id, {
      enqueueProcessing: (ids) => enqueueEventProcessing(boss, ids),
    });

    // Everything the platform lists for A is here, exactly once, and nothing of another clinic.
    const expected = platformIds(A);
    const local = await t.db.event.findMany({ where: ofClinic(A), select: { id: true } });
    expect(local.map((e) => e.id).sort()).toEqual([...expected].sort());
    expect(await t.db.event.count({ where: { clinicId: { notIn: [A, NO_CLINIC] } } })).toBe(0);
    expect(await t.db.event.findUnique({ where: { id: created[0] } })).toMatchObject({ source: "reconciliation" });
    expect(await t.db.event.findUnique({ where: { id: created[1] } })).toMatchObject({ source: "webhook" });
    expect(counters.inserted).toBe(expected.length - storedByWebhook);

    const done = await t.db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(done).toMatchObject({ status: "succeeded", stepsDone: 7, error: null });
    expect(progressOf(done)).toBe(1);

    // Again from the cursors: nothing new, nothing twice.
    const again = await t.db.reconciliationRun.create({ data: { clinicId: A, trigger: "manual" } });
    const second = await reconcileClinic(t.db, feed, A, again.id, {
      enqueueProcessing: (ids) => enqueueEventProcessing(boss, ids),
    });
    expect(second.inserted).toBe(0);
    expect(second.fetched).toBeLessThan(counters.fetched);
    expect(await t.db.event.count({ where: ofClinic(A) })).toBe(expected.length);
  });

  it("on demand through the queue: one waiting run per clinic across two workers, events processed once", async () => {
    const A = sandbox.clinicA.id;
    const second = await createBoss(t.url, { supervise: false, schedule: false });
    try {
      const deps = {
        db: t.db,
        retentionDays: 0,
        schedule: false,
        feedForClinic: async () => feed,
        connectedClinicIds: async () => [A],
      };
      // Both "processes" ask before either worker runs: the stately queue keeps one job for A.
      const [r1, r2] = [
        await requestReconciliation(t.db, boss, A, "manual"),
        await requestReconciliation(t.db, second, A, "schedule"),
      ];
      expect(r2.id).toBe(r1.id);
      // One run, so one "reconciliation started" in the clinic's audit trail, however many asked.
      const started = await t.db.auditEntry.findMany({ where: { clinicId: A, action: "reconciliation.started" } });
      expect(started.map((e) => [e.targetId, e.actorUserId, e.details])).toEqual([
        [r1.id, null, { trigger: "manual" }],
      ]);
      await Promise.all([startWorkers(boss, deps), startWorkers(second, deps)]);
      await until(
        async () => (await t.db.reconciliationRun.findUniqueOrThrow({ where: { id: r1.id } })).status === "succeeded",
        20_000,
      );
      // The processing jobs count every stored event once in the chart projection.
      await until(async () => (await t.db.eventBacklog.count()) === 0, 20_000);
      const counted = await t.db.eventDailyCount.aggregate({ _sum: { count: true }, where: { clinicId: A } });
      expect(counted._sum.count).toBe(await t.db.event.count({ where: { clinicId: A } }));
      expect(await t.db.reconciliationRun.count({ where: { clinicId: A, trigger: "schedule" } })).toBe(0);
    } finally {
      await second.stop({ graceful: false });
    }
  }, 45_000);

  it("a platform failure mid-list fails the run after the pages in hand are stored, and keeps the cursor", async () => {
    const B = sandbox.clinicB.id;
    const state = sandbox.sb.state;
    const now = state.clock.now();
    for (let i = 1; i <= 450; i++)
      recordEvent(state, {
        clinicId: B,
        type: "patient.updated",
        object: { id: `pat_mid_${i}` },
        at: now - i * 60_000,
      });
    state.events.sort((a, b) => a.createdAt - b.createdAt || a.seq - b.seq);
    const token = (await sandbox.client.signIn(sandbox.clinicB.staff[0].id)).access_token;
    const clientB = clientWith(token);
    // The platform answers the patients list's first three pages, then is down.
    const failing: ReconcileFeed = {
      ...clientB,
      listEvents: (category, filter, page) =>
        category === "patients" && (page?.number ?? 1) > 3
          ? Promise.reject(new PlatformUnavailableError("down for the test"))
          : clientB.listEvents(category, filter, page),
    };
    const storedBy = () => t.db.event.count({ where: { clinicId: { in: [B, ""] } } });
    const before = await storedBy();
    const run = await t.db.reconciliationRun.create({ data: { clinicId: B, trigger: "manual" } });
    await expect(
      reconcileClinic(t.db, failing, B, run.id, { enqueueProcessing: (ids) => enqueueEventProcessing(boss, ids) }),
    ).rejects.toThrow(PlatformUnavailableError);

    // Every page read was stored before the run ended (none cut off), and the cursor did not move.
    const patients = await t.db.event.count({ where: { clinicId: B, category: "patients" } });
    expect(patients).toBe(300);
    expect(
      await t.db.reconciliationCursor.findUnique({
        where: { clinicId_category: { clinicId: B, category: "patients" } },
      }),
    ).toBeNull();
    const failed = await t.db.reconciliationRun.findUniqueOrThrow({ where: { id: run.id } });
    expect(failed).toMatchObject({ status: "failed", error: "actions.platformUnavailable" });
    // The lists are read at once: the others finished (their catalog news, naming no clinic, included)
    // before the run was marked failed, and it counts what all of them stored.
    expect(failed.inserted).toBe((await storedBy()) - before);
  });
});
