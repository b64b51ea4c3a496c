// The built app server as the release tests run it: a process of `node .next/app-server.mjs` on a
// port of its own with the environment it is given, its output kept for the test to read, stopped
// as a deploy stops it (SIGTERM, then SIGKILL after 10 s).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chromium, type Browser } from "@playwright/test";
import { appServerArgs, repoPath, stopChild, waitForHttp } from "@/tooling/devstack/processes";

export interface BuiltApp {
  url: string;
  /** Everything it wrote to stdout and stderr, in order. */
  output: string[];
  stop(): Promise<void>;
}

export async function startBuiltApp(port: number, env: NodeJS.ProcessEnv): Promise<BuiltApp> {
  const output: string[] = [];
  const child = spawn(process.execPath, appServerArgs(port), {
    cwd: repoPath(),
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  const url = `http://localhost:${port}`;
  await waitForHttp(`${url}/api/health/ready`, child, 120_000).catch((error: unknown) => {
    const lines = output.join("").split("\n");
    const errors = lines.filter((line) => /"level":"(error|fatal)"/.test(line)).slice(0, 5);
    throw new Error([String(error), ...errors, ...lines.slice(-10)].join("\n").slice(0, 8_000));
  });
  return { url, output, stop: () => stopChild(child, 10_000) };
}

/** What every built app of a release test is given: production, JSON logs, no metrics port. */
export function releaseEnv(urls: { database: string; app: string; sandbox: string }): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: urls.database,
    APP_URL: urls.app,
    NEXTAUTH_URL: urls.app,
    NEXTAUTH_SECRET: randomBytes(32).toString("base64url"),
    APP_ENCRYPTION_KEY: `k1:${randomBytes(32).toString("base64url")}`,
    CLINIC_API_BASE_URL: urls.sandbox,
    METRICS_PORT: "0",
    LOG_FORMAT: "json",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

/** Debian's chromium, as the release tests sign in with it (browsers are never downloaded). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
}

/**
 * Signs in on the sandbox's authorize page as the `person`th practitioner of the `clinic`th clinic,
 * through the app at `appUrl`: the session's cookies.
 */
export async function signInPractitioner(
  browser: Browser,
  urls: { app: string; sandbox: string },
  clinic: number,
  person = 0,
): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${urls.app}/signin`);
  await page.getByRole("button", { name: "Sign in with the platform" }).click();
  await page.waitForURL(`${urls.sandbox}/api/oauth/authorize**`);
  await page
    .getByRole("group")
    .nth(clinic)
    .getByRole("button", { name: /\(Practitioner\)/ })
    .nth(person)
    .click();
  await page.waitForURL((url) => url.href.startsWith(urls.app) && !url.pathname.startsWith("/signin"));
  const cookies = (await context.cookies(urls.app)).map((c) => `${c.name}=${c.value}`).join("; ");
  await context.close();
  return cookies;
}

/**
 * One platform call as the person of `cookie`, through `appUrl`: deleting a resource that does not
 * exist is answered 404 when it reached the platform, 429 when the quota refused, 401 when the app
 * cannot act for the person.
 */
export async function platformCall(appUrl: string, cookie: string, probe = "probe"): Promise<number> {
  const response = await fetch(`${appUrl}/api/resources/res_${probe}`, { method: "DELETE", headers: { cookie } });
  await response.arrayBuffer();
  return response.status;
}
