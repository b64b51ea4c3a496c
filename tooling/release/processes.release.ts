// Several processes of the built server on one PostgreSQL, behind a small round-robin balancer, as
// the README says to run them. A rolling key rotation: process A on the old key, B restarted with
// `new,old` (A keeps acting for everyone, whoever B signed in), then A restarted with `new,old`
// (everything is sealed again with the new key), then a process given only the new key still acts
// for everyone. Then one person's limits split across two processes: the platform quota gives their
// share once, not once per process; a search running on one process refuses their read on the
// other, saying so; the same search asked of both is one audit entry.
import { randomBytes } from "node:crypto";
import type { Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARES } from "@/lib/limits/platform-quota";
import { sandboxArgs, startService, waitForHttp, type Service } from "@/tooling/devstack/processes";
import { createTestDatabase, REAL_SERVER, type TestDatabase } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";
import { startRoundRobin, type RoundRobin } from "@/tooling/testing/round-robin";
import {
  launchChromium,
  platformCall,
  releaseEnv,
  signInPractitioner,
  startBuiltApp,
  type BuiltApp,
} from "@/tooling/release/built-app";

const LIMIT = 200;
const SHARE = Math.floor(LIMIT * SHARES.user);
const OLD = `old:${randomBytes(32).toString("base64url")}`;
const NEW = `new:${randomBytes(32).toString("base64url")}`;

describe.runIf(REAL_SERVER)("several processes of the built server on one database", () => {
  let database: TestDatabase;
  let sandbox: Service;
  let browser: Browser;
  let balancer: RoundRobin;
  let sandboxUrl: string;
  let env: NodeJS.ProcessEnv;
  const apps = new Set<BuiltApp>();

  beforeAll(async () => {
    const [balancerPort, sandboxPort] = [await freePort(), await freePort()];
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    database = await createTestDatabase("release_processes", { migrated: true });
    balancer = await startRoundRobin(balancerPort);
    sandbox = startService(
      "sandbox-processes",
      sandboxArgs(),
      { SANDBOX_PORT: String(sandboxPort), PORT: String(balancerPort) },
      { quiet: true },
    );
    await waitForHttp(`${sandboxUrl}/__sandbox/health`, sandbox.child, 120_000);
    env = {
      ...releaseEnv({ database: database.url, app: balancer.url, sandbox: sandboxUrl }),
    };
    browser = await launchChromium();
  });

  afterAll(async () => {
    await Promise.all([...apps].map((app) => app.stop()));
    await browser?.close();
    await balancer?.close();
    await sandbox?.stop();
    await database?.drop();
  });

  async function start(keys: string, more: Record<string, string> = {}): Promise<BuiltApp> {
    const app = await startBuiltApp(await freePort(), { ...env, APP_ENCRYPTION_KEY: keys, ...more });
    apps.add(app);
    return app;
  }
  async function stop(app: BuiltApp): Promise<void> {
    apps.delete(app);
    await app.stop();
  }
  const signIn = (person: number) => signInPractitioner(browser, { app: balancer.url, sandbox: sandboxUrl }, 0, person);
  const sealedWith = async () =>
    (
      await database.query<{ kid: string }>(
        `SELECT split_part(access_token_enc, '.', 2) AS kid FROM platform_connections
         UNION ALL SELECT split_part(refresh_token_enc, '.', 2) FROM platform_connections`,
      )
    ).map((row) => row.kid);

  it("rotates the encryption key across a rolling restart without a failed call", async () => {
    let a = await start(OLD);
    balancer.setBackends([a.url]);
    const first = await signIn(0);

    const b = await start(`${NEW},${OLD}`);
    balancer.setBackends([b.url]);
    const second = await signIn(1); // sealed by B while A, on the old key only, is live
    balancer.setBackends([a.url, b.url]);
    for (const app of [a, b])
      for (const cookie of [first, second]) expect(await platformCall(app.url, cookie)).toBe(404);
    expect(new Set(await sealedWith())).toEqual(new Set(["old"]));

    await stop(a);
    a = await start(`${NEW},${OLD}`);
    await expect.poll(async () => new Set(await sealedWith()), { timeout: 30_000 }).toEqual(new Set(["new"]));
    for (const app of [a, b])
      for (const cookie of [first, second]) expect(await platformCall(app.url, cookie)).toBe(404);

    // The old key removed: a process given only the new one acts for everyone.
    await stop(b);
    const c = await start(NEW);
    for (const cookie of [first, second]) expect(await platformCall(c.url, cookie)).toBe(404);
    const unopened = [...a.output, ...c.output]
      .join("")
      .split("\n")
      .filter((line) => line.includes("does not hold"));
    expect(unopened).toEqual([]);
  });

  it("holds one person's limits across two processes", async () => {
    const quota = { PLATFORM_RATE_LIMIT: String(LIMIT), PLATFORM_RATE_WINDOW_SECONDS: "300" };
    const [p, q] = [await start(NEW, quota), await start(NEW, quota)];
    balancer.setBackends([p.url, q.url]);
    const cookie = await signIn(2);
    const [{ user_id: userId }] = await database.query<{ user_id: string }>(
      "SELECT user_id FROM platform_connections ORDER BY connected_at DESC LIMIT 1",
    );

    // The platform quota: calls alternate between the processes, and the person's share is given once.
    await database.query("DELETE FROM platform_quota");
    const statuses: Record<number, number> = {};
    for (let i = 0; i < 3 * SHARE; i++) {
      const status = await platformCall(balancer.url, cookie, `split_${i}`);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
    expect(statuses).toEqual({ 404: SHARE, 429: 2 * SHARE });

    // A search of theirs running on P (its place, as P holds it while the search runs): Q refuses theirs, in words.
    const search = (app: BuiltApp) => fetch(`${app.url}/api/events?q=Lovelace`, { headers: { cookie } });
    await database.query(
      "INSERT INTO read_leases (id, user_id, kind, expires_at) VALUES ('held_by_p', $1, 'read', now() + interval '1 minute')",
      [userId],
    );
    const refused = await search(q);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("You already have 1 search running");
    await database.query("DELETE FROM read_leases WHERE id = 'held_by_p'");

    // The same search asked of both processes: one audit entry.
    for (const app of [p, q]) expect((await search(app)).status).toBe(200);
    const searched = () =>
      database.query("SELECT seq FROM audit_entries WHERE action = 'events.searched' AND actor_user_id = $1", [userId]);
    await expect.poll(async () => (await searched()).length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // the second process's after() has run by now
    expect(await searched()).toHaveLength(1);
  });
});
