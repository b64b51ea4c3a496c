// The stacks the pages benchmark measures (the fairness benchmark's too): the built app server and
// the sandbox, each in its own process, on a scratch database; and people signed in to them through
// the sandbox's authorize page in chromium.
import { randomBytes } from "node:crypto";
import type { Browser, BrowserContext } from "@playwright/test";
import { appServerArgs, sandboxArgs, startService, waitForHttp, type Service } from "@/tooling/devstack/processes";
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";

/**
 * The runs read each page hundreds of times within the platform's 5-minute window, and the large
 * clinic's call the platform more often than one person's share of the limit allows (each search
 * reads 20 pages, twice over): the benchmark lifts the app's and the sandbox's limits so the quota
 * does not pace it. The calls still take turns from the quota.
 */
export const BIG_RATE_LIMIT = 200_000;

export interface Stack {
  app: Service;
  sandbox: Service;
  appUrl: string;
  sandboxUrl: string;
  database: TestDatabase;
  stop(): Promise<void>;
}

export async function startStack(
  name: string,
  seedCounts?: object,
  appEnv: Record<string, string> = {},
): Promise<Stack> {
  const [appPort, sandboxPort] = [await freePort(), await freePort()];
  const appUrl = `http://localhost:${appPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const database = await createTestDatabase(`bench_${name}`, { migrated: true });
  const sandbox = startService(
    `sandbox-${name}`,
    sandboxArgs(),
    {
      SANDBOX_PORT: String(sandboxPort),
      PORT: String(appPort),
      ...(seedCounts ? { SANDBOX_SEED_COUNTS: JSON.stringify(seedCounts) } : {}),
    },
    { quiet: true },
  );
  await waitForHttp(`${sandboxUrl}/__sandbox/health`, sandbox.child, 120_000);
  const app = startService(
    `app-${name}`,
    appServerArgs(appPort),
    {
      DATABASE_URL: database.url,
      PORT: String(appPort),
      APP_URL: appUrl,
      NEXTAUTH_URL: appUrl,
      NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
      CLINIC_API_BASE_URL: sandboxUrl,
      NEXT_TELEMETRY_DISABLED: "1",
      // No metrics port: two stacks at once (the pages benchmark's) would both ask for the default one.
      METRICS_PORT: "0",
      ...appEnv,
    },
    { quiet: true },
  );
  await waitForHttp(`${appUrl}/api/health`, app.child, 120_000);
  return {
    app,
    sandbox,
    appUrl,
    sandboxUrl,
    database,
    async stop() {
      await app.stop();
      await sandbox.stop();
      await database.drop();
    },
  };
}

/** Signs in through the sandbox's authorize page as the first user of a clinic (the first unless `clinic`) matching `who`. */
export async function signIn(browser: Browser, stack: Stack, who: RegExp, clinic = 0): Promise<BrowserContext> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.appUrl}/signin`);
  await page.getByRole("button", { name: "Sign in with the platform" }).click();
  await page.waitForURL(`${stack.sandboxUrl}/api/oauth/authorize**`);
  await page.getByRole("group").nth(clinic).getByRole("button", { name: who }).first().click();
  await page.waitForURL((url) => url.href.startsWith(stack.appUrl) && !url.pathname.startsWith("/signin"));
  await page.close();
  return context;
}

export async function cookieHeader(context: BrowserContext, url: string): Promise<string> {
  return (await context.cookies(url)).map((c) => `${c.name}=${c.value}`).join("; ");
}

/** The sandbox's rate limit raised to BIG_RATE_LIMIT, as the app's is for the stack. */
export async function raiseSandboxLimit(stack: Stack): Promise<void> {
  const response = await fetch(`${stack.sandboxUrl}/__sandbox/rate-limit`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ limit: BIG_RATE_LIMIT }),
  });
  if (!response.ok) throw new Error(`the sandbox's rate limit answered ${response.status}`);
}
