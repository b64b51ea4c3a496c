// The platform quota holds in the built server: its counting code is bundled into several of
// Next.js's chunks, and whichever chunk calls the platform first must not decide whether the others
// count. As after any start, the job worker calls first (a reconciliation left queued by an earlier
// process); then three practitioners of three clinics each send three times their share of platform
// calls. Each gets exactly their share through, the rest are refused in words, and the server never
// logs that it let a call through uncounted. On PostgreSQL when the run names one, and on the
// embedded PGlite that `npm start` serves over the wire.
import { randomUUID } from "node:crypto";
import type { Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHARES } from "@/lib/limits/platform-quota";
import { sandboxArgs, startService, waitForHttp, type Service } from "@/tooling/devstack/processes";
import {
  launchChromium,
  releaseEnv,
  signInPractitioner,
  startBuiltApp,
  type BuiltApp,
} from "@/tooling/release/built-app";
import { createTestDatabase, REAL_SERVER, type TestDatabase } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";

const LIMIT = 100;
const SHARE = Math.floor(LIMIT * SHARES.user);
const CLINICS = 3;

const DATABASES = [
  ...(REAL_SERVER ? [{ name: "PostgreSQL", embedded: false }] : []),
  { name: "the embedded PGlite", embedded: true },
];

describe.each(DATABASES)("the platform quota of the built server on $name", ({ embedded }) => {
  let database: TestDatabase;
  let sandbox: Service;
  let browser: Browser;
  let app: BuiltApp | undefined;
  let appPort: number;
  let appUrl: string;
  let sandboxUrl: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    const sandboxPort = await freePort();
    appPort = await freePort();
    appUrl = `http://localhost:${appPort}`;
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    database = await createTestDatabase("release_quota", { migrated: true, embedded });
    sandbox = startService(
      "sandbox-quota",
      sandboxArgs(),
      {
        SANDBOX_PORT: String(sandboxPort),
        PORT: String(appPort),
        SANDBOX_SEED_COUNTS: JSON.stringify({ clinics: CLINICS }),
      },
      { quiet: true },
    );
    await waitForHttp(`${sandboxUrl}/__sandbox/health`, sandbox.child, 120_000);
    env = {
      ...releaseEnv({ database: database.url, app: appUrl, sandbox: sandboxUrl }),
      PLATFORM_RATE_LIMIT: String(LIMIT),
      PLATFORM_RATE_WINDOW_SECONDS: "300",
    };
    browser = await launchChromium();
  });

  afterAll(async () => {
    await stopApp();
    await browser?.close();
    await sandbox?.stop();
    await database?.drop();
  });

  async function startApp(): Promise<void> {
    app = await startBuiltApp(appPort, env);
  }

  async function stopApp(): Promise<void> {
    await app?.stop();
    app = undefined;
  }

  /**
   * `n` platform calls as the person of `cookie`, one after another: deleting a resource that does
   * not exist is one call, answered 404 when it reached the platform and 429 when the quota refused.
   */
  async function calls(cookie: string, n: number): Promise<Record<number, number>> {
    const statuses: Record<number, number> = {};
    for (let i = 0; i < n; i++) {
      const response = await fetch(`${appUrl}/api/resources/res_quota_probe_${i}`, {
        method: "DELETE",
        headers: { cookie, origin: appUrl },
      });
      await response.arrayBuffer();
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
    return statuses;
  }

  it("gives each person their share when the job worker called the platform first", async () => {
    await startApp();
    const cookies = [];
    for (let clinic = 0; clinic < CLINICS; clinic++)
      cookies.push(await signInPractitioner(browser, { app: appUrl, sandbox: sandboxUrl }, clinic));
    await stopApp();

    // A new window: the pages opened at sign-in called the platform too.
    await database.query("DELETE FROM platform_quota");
    // A reconciliation an earlier process left queued: the next process's worker runs it at start.
    const [{ clinic_id: clinicId }] = await database.query<{ clinic_id: string }>(
      "SELECT clinic_id FROM platform_connections WHERE state = 'connected' LIMIT 1",
    );
    await database.query(
      `INSERT INTO reconciliation_runs (id, clinic_id, trigger, status, requested_at)
       VALUES ($1, $2, 'manual', 'queued', now() - interval '10 minutes')`,
      [randomUUID(), clinicId],
    );
    await startApp();
    const workerTurns = async () =>
      (await database.query("SELECT key FROM platform_quota WHERE key LIKE 'background:%'")).length;
    await expect.poll(workerTurns, { timeout: 60_000 }).toBeGreaterThan(0);

    const outcomes = await Promise.all(cookies.map((cookie) => calls(cookie, 3 * SHARE)));
    expect(outcomes).toEqual(cookies.map(() => ({ 404: SHARE, 429: 2 * SHARE })));
    const uncounted = app!.output
      .join("")
      .split("\n")
      .filter((line) => line.includes("counting failed"));
    expect(uncounted).toEqual([]);
  });
});
