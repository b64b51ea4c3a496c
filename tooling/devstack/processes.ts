// Starting and stopping the stack's processes by their real binaries, so the PID held is the
// server itself, and stopping only what was started here.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export interface Service {
  name: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

export function repoPath(...parts: string[]): string {
  return path.join(ROOT, ...parts);
}

export function startService(
  name: string,
  args: string[],
  env: Record<string, string | undefined>,
  options: { quiet?: boolean } = {},
): Service {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: options.quiet ? ["ignore", "ignore", "pipe"] : ["ignore", "inherit", "inherit"],
  });
  if (options.quiet) child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return {
    name,
    child,
    stop: () => stopChild(child),
  };
}

/** SIGTERM, then SIGKILL if it has not exited after `killAfterMs`. */
export async function stopChild(child: ChildProcess, killAfterMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
  await exited;
  clearTimeout(timer);
}

/** Where `npm start`'s sandbox keeps its world across restarts; `npm run sandbox:reset` starts it afresh. */
export const sandboxStateFile = (): string => process.env.SANDBOX_STATE_FILE || repoPath(".data/sandbox/world.json");

/** The sandbox server, run through tsx's loader in the same process (no wrapper PID). */
export function sandboxArgs(): string[] {
  return ["--import", "tsx", repoPath("sandbox/server.ts")];
}

/** `next start`, by Next's own binary: the benchmark's comparison for the app server. */
export function nextStartArgs(port: number): string[] {
  return [repoPath("node_modules/next/dist/bin/next"), "start", "--port", String(port)];
}

/** Where `next build` writes and the servers read (next.config.js reads the same variable). */
export const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";

/** The app's server as the build bundles it, under DIST_DIR; `npm run dev`'s bundle of the same server. */
export const APP_SERVER_FILE = "app-server.mjs";
export const DEV_APP_SERVER_FILE = "app-server-dev.mjs";

/** The app's server as built (lib/server/main.ts: Next.js, with webhooks answered before its pipeline). */
export function appServerArgs(port: number): string[] {
  return [repoPath(DIST_DIR, APP_SERVER_FILE), "--port", String(port)];
}

/** The same server serving the sources through Next.js's development mode (`npm run dev`). */
export function devAppServerArgs(port: number): string[] {
  return [repoPath(DIST_DIR, DEV_APP_SERVER_FILE), "--port", String(port), "--dev"];
}

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`${url} did not come up: the process exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
