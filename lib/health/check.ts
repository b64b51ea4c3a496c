// What GET /api/health reports: the app's version, and whether the database and the platform answer.
// Each probe has a short time-out so a hung dependency makes the answer "unreachable", not slow.
import "server-only";
import { db } from "@/lib/db";
import { getConfig } from "@/lib/config";
import packageJson from "@/package.json";

export type Reachability = { reachable: true; latencyMs: number } | { reachable: false; error: string };

export interface HealthReport {
  status: "ok" | "degraded";
  version: string;
  database: Reachability;
  platform: Reachability & { baseUrl: string };
}

const PROBE_TIMEOUT_MS = 2_000;

export async function checkHealth(): Promise<HealthReport> {
  const config = getConfig();
  const [database, platform] = await Promise.all([
    probe(() => db.$queryRaw`SELECT 1`.then(() => undefined)),
    probe(() => probePlatform(config.clinicApiBaseUrl)),
  ]);
  return {
    status: database.reachable && platform.reachable ? "ok" : "degraded",
    version: packageJson.version,
    database,
    platform: { ...platform, baseUrl: config.clinicApiBaseUrl },
  };
}

async function probePlatform(baseUrl: string): Promise<void> {
  // Any HTTP answer means the platform is reachable; only the local sandbox has a health route.
  const isSandbox = /^http:\/\/(127\.|localhost)/.test(baseUrl);
  const response = await fetch(isSandbox ? `${baseUrl}/__sandbox/health` : baseUrl, {
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  });
  if (isSandbox && !response.ok) throw new Error(`answered ${response.status}`);
}

async function probe(run: () => Promise<void>): Promise<Reachability> {
  const started = performance.now();
  try {
    await Promise.race([
      run(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("timed out")), PROBE_TIMEOUT_MS)),
    ]);
    return { reachable: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    // Only the kind of failure, never a connection string or stack.
    const message =
      error instanceof Error && /timed out|ECONNREFUSED|answered/.test(error.message) ? error.message : "unreachable";
    return { reachable: false, error: message.replace(/\d+\.\d+\.\d+\.\d+:\d+/g, "").trim() };
  }
}
