// kill -9 mid-reconciliation: an app process (a real child process: the app's job worker on
// pg-boss) runs clinic A's reconciliation against a sandbox holding many events, slowed by latency;
// while it runs an admin asks for another run of A, the process is killed with SIGKILL, and clinic
// B's scheduled run is asked for while no process is up. After the restart, within a minute: the
// dead run is failed with a message saying so, A's next run and B's run both succeed, and every
// event the platform lists is stored exactly once and counted once (processed once).
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import type PgBoss from "pg-boss";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_RETENTION_DAYS, type EventType } from "@/lib/contract";
import { DIED_MESSAGE } from "@/lib/events/reconcile/lease";
import { requestReconciliation } from "@/lib/events/reconcile/request";
import { createBoss } from "@/lib/queue/boss";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";
import { launchApp } from "@/tooling/resilience/soak/launch";
import { startTestSandbox } from "@/sandbox/testing/harness";
import { waitUntil } from "@/sandbox/testing/wait";
import { listedEventsOf } from "@/tooling/testing/stored-events";
import { NO_CLINIC } from "@/lib/events/record";

const EVENTS_A = 1200;
const EVENTS_B = 200;
const TYPES: EventType[] = ["patient.created", "patient.updated", "order.placed", "product.created"];

let sandbox: Awaited<ReturnType<typeof startTestSandbox>>;
let t: AppTestDatabase;
let boss: PgBoss;
let app: ChildProcess | undefined;
const deaths: string[] = [];
const logged: string[] = [];

async function emit(clinicId: string, count: number): Promise<void> {
  for (let i = 0; i < count; i += 50) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, (_, k) =>
        sandbox.client.control("/activity", { clinic_id: clinicId, type: TYPES[(i + k) % TYPES.length] }),
      ),
    );
    expect(answers.filter((a) => a.status !== 201).map((a) => a.text.slice(0, 120))).toEqual([]);
  }
}

const run = (id: string) => t.db.reconciliationRun.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  let port: number;
  [sandbox, t, port] = await Promise.all([
    startTestSandbox(),
    createTestDatabase("reconcile_kill", { app: true }) as Promise<AppTestDatabase>,
    freePort(),
  ]);
  const A = sandbox.clinicA;
  const B = sandbox.clinicB;
  const tokens = {
    [A.id]: await sandbox.client.activateClinic(A),
    [B.id]: await sandbox.client.activateClinic(B),
  };
  await Promise.all([emit(A.id, EVENTS_A), emit(B.id, EVENTS_B)]);
  boss = await createBoss(t.url, { supervise: false, schedule: false });
  const env = {
    ...process.env,
    DATABASE_URL: t.url,
    PORT: String(port),
    CLINIC_API_BASE_URL: sandbox.sb.url,
    APP_ENCRYPTION_KEY: `kill:${randomBytes(32).toString("base64url")}`,
    SOAK_TOKENS: JSON.stringify(tokens),
  };
  const start = () =>
    launchApp(
      env,
      (how) => deaths.push(how),
      (line) => logged.push(line),
    );
  restart = start;
  app = await start();
}, 120_000);

let restart: () => Promise<ChildProcess>;

afterAll(async () => {
  app?.kill("SIGKILL");
  await boss?.stop({ graceful: false });
  await sandbox?.close();
  await t?.drop();
});

describe("kill -9 mid-reconciliation", () => {
  it("the dead run is failed visibly, the next runs complete within a minute of the restart, nothing lost or twice", async () => {
    const A = sandbox.clinicA.id;
    const B = sandbox.clinicB.id;
    // Slow pages, so the run is surely under way when the process dies.
    await sandbox.client.control("/faults", { clear: true, latency_ms: 250 });
    const first = await requestReconciliation(t.db, boss, A, "schedule");
    await waitUntil(
      async () => {
        const r = await run(first.id);
        return r.status === "running" && r.stepsDone * 10 + r.pagesDone >= 2;
      },
      "the first run to be under way",
      30_000,
      50,
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}: ${JSON.stringify(await run(first.id))} ${logged.join("\n").slice(-2000)}`);
    });
    const manual = await requestReconciliation(t.db, boss, A, "manual");
    expect(manual.id).not.toBe(first.id);

    app?.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 500));
    expect((await run(first.id)).status).toBe("running"); // as the dead process left it
    const other = await requestReconciliation(t.db, boss, B, "schedule");
    await sandbox.client.control("/faults", { clear: true });

    app = await restart();
    const restartedAt = Date.now();
    const settled = async (id: string) => ["succeeded", "failed"].includes((await run(id)).status);
    await waitUntil(
      async () => (await settled(other.id)) && (await settled(manual.id)) && (await settled(first.id)),
      "every run to end",
      60_000,
      200,
    );
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
    expect(await run(first.id)).toMatchObject({ status: "failed", error: DIED_MESSAGE });
    expect(await run(manual.id)).toMatchObject({ status: "succeeded", error: null });
    expect(await run(other.id)).toMatchObject({ status: "succeeded", error: null });

    for (const clinicId of [A, B]) {
      const since = sandbox.sb.state.clock.now() - EVENT_RETENTION_DAYS * 86_400_000;
      const platform = sandbox.sb.state.events
        .filter((e) => e.clinicId === clinicId && e.createdAt >= since)
        .map((e) => e.id)
        .sort();
      const local = (await t.db.event.findMany({ where: listedEventsOf(clinicId, platform), select: { id: true } }))
        .map((e) => e.id)
        .sort();
      expect(local).toEqual(platform); // no gap; ids are unique, so nothing twice
    }
    expect(sandbox.sb.state.events.filter((e) => e.clinicId === A).length).toBeGreaterThanOrEqual(EVENTS_A);
    // Processed once: the chart's projection counts each stored event of a clinic once (an event stored
    // under none is counted through the copies filed under each clinic).
    await waitUntil(async () => (await t.db.eventBacklog.count()) === 0, "processing", 30_000).catch(
      async (error: unknown) => {
        const left = await t.db.eventBacklog.groupBy({ by: ["clinicId"], _count: true });
        throw new Error(`${String(error)}: left unprocessed, by clinic: ${JSON.stringify(left)}`);
      },
    );
    const counted = await t.db.eventDailyCount.aggregate({ _sum: { count: true } });
    expect(counted._sum.count).toBe(await t.db.event.count({ where: { clinicId: { not: NO_CLINIC } } }));
    expect(logged.filter((l) => l.includes("stopped with its process"))).toHaveLength(1);
    expect(deaths).toEqual([]);
  }, 180_000);
});
