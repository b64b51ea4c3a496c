// Readiness against a real PostgreSQL: each reason to refuse traffic, and the bound on the answer
// when the database accepts a connection and then says nothing.
import net from "node:net";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { checkReadiness, shippedMigrations, type Readiness } from "@/lib/health/readiness";
import { processState, trackIngestWrite } from "@/lib/health/process-state";

let t: AppTestDatabase;
let silent: net.Server;
let silentUrl: string;
const sockets: net.Socket[] = [];

beforeAll(async () => {
  t = await createTestDatabase("ready", { app: true });
  // A "database" that takes the connection and never answers.
  silent = net.createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `postgresql://x@127.0.0.1:${(silent.address() as AddressInfo).port}/x`;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  silent?.close();
  // Only if something made the app's pool: pool() would make one, and this file never sets DATABASE_URL.
  await (globalThis as unknown as { clinicConnectPool?: pg.Pool }).clinicConnectPool?.end();
  await t?.drop();
});
beforeEach(() =>
  Object.assign(processState(), { worker: "running", draining: false, ingestWrites: new Set(), flushers: new Map() }),
);

const expected = () => shippedMigrations();

describe("readiness", () => {
  it.each<[string, () => void, string[] | null, Readiness["ready"]]>([
    ["migrated, worker running", () => {}, null, true],
    ["no worker by configuration (JOBS_WORKER=off)", () => (processState().worker = "off"), null, true],
    ["worker still starting", () => (processState().worker = "starting"), null, false],
    ["worker failed to start", () => (processState().worker = "failed"), null, false],
    ["shutting down", () => (processState().draining = true), null, false],
    ["a migration of this release not applied", () => {}, ["99990101000000_not_applied"], false],
  ])("%s", async (_label, arrange, extra, ready) => {
    arrange();
    const result = await checkReadiness({ sql: t.pool, expectedMigrations: () => [...expected(), ...(extra ?? [])] });
    expect(result.ready).toBe(ready);
  });

  it("a webhook write that hangs: not ready until it ends", async () => {
    let finish = () => {};
    const hung = trackIngestWrite(() => new Promise<void>((resolve) => (finish = resolve)));
    const deps = { sql: t.pool, expectedMigrations: expected, ingestStuckMs: 200 };
    expect(await checkReadiness(deps)).toEqual({ ready: true }); // under way, not yet long
    await new Promise((r) => setTimeout(r, 300));
    expect(await checkReadiness(deps)).toMatchObject({ ready: false, reason: expect.stringMatching(/webhook write/) });
    finish();
    await hung;
    expect(await checkReadiness(deps)).toEqual({ ready: true });
  });

  it("a database that is down: not ready", async () => {
    const down = new pg.Pool({ connectionString: "postgresql://x@127.0.0.1:1/x", max: 1 });
    expect(await checkReadiness({ sql: down, expectedMigrations: expected })).toMatchObject({ ready: false });
    await down.end();
  });

  it("a database that never answers: not ready within the bound", async () => {
    const hung = new pg.Pool({ connectionString: silentUrl, max: 1 });
    hung.on("error", () => {});
    const started = performance.now();
    const result = await checkReadiness({ sql: hung, expectedMigrations: expected, timeoutMs: 300 });
    const elapsed = performance.now() - started;
    expect(result).toEqual({ ready: false, reason: "no answer within 300 ms" });
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(1_000);
    void hung.end().catch(() => {});
  });
});
