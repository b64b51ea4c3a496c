// The sandbox as its own process: `npx tsx sandbox/server.ts` (or `npm run sandbox`).
// Port SANDBOX_PORT (default 4010) on 127.0.0.1. The local app's webhook route is registered
// with the shared local defaults so that `npm start` works with nothing configured.
// SANDBOX_STATE_FILE keeps the world across restarts (`npm start` sets it under .data/); unset, it
// lives in memory only.
import { headerNamesFrom } from "@/lib/contract/header-names";
import { LOCAL_DEFAULTS, localAppUrl } from "@/lib/contract/local-defaults";
import { z } from "zod";
import { DEFAULT_SEED_COUNTS, type SeedCounts } from "./seed/seed";
import { startSandbox } from "./start";

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
  return n;
}

const count = (max: number) => z.number().int().min(1).max(max);
const SeedCountsSchema = z
  .object({
    clinics: count(20),
    practitionersPerClinic: count(200),
    staffPerClinic: count(200),
    patientsPerClinic: count(100_000),
    resourcesPerPractitioner: count(10_000),
  })
  .partial()
  .strict();

/** SANDBOX_SEED_COUNTS: a JSON object overriding some of the seeded counts (a benchmark's large clinic). */
function seedCountsFromEnv(): SeedCounts {
  const raw = process.env.SANDBOX_SEED_COUNTS;
  if (!raw) return DEFAULT_SEED_COUNTS;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error(`SANDBOX_SEED_COUNTS must be a JSON object, got ${JSON.stringify(raw)}`);
  }
  const parsed = SeedCountsSchema.safeParse(json);
  if (!parsed.success) throw new Error(`SANDBOX_SEED_COUNTS: ${z.prettifyError(parsed.error)}`);
  return { ...DEFAULT_SEED_COUNTS, ...parsed.data };
}

async function main(): Promise<void> {
  const port = intFromEnv("SANDBOX_PORT", LOCAL_DEFAULTS.sandboxPort);
  const appPort = intFromEnv("PORT", LOCAL_DEFAULTS.appPort);
  const webhookUrl = process.env.SANDBOX_WEBHOOK_URL ?? `${localAppUrl(appPort)}/api/webhooks/clinic`;
  const sandbox = await startSandbox({
    port,
    host: process.env.SANDBOX_HOST ?? "127.0.0.1",
    seed: intFromEnv("SANDBOX_SEED", 1),
    seedCounts: seedCountsFromEnv(),
    // The same variables as the app's, so that a stack with other names agrees end to end.
    headerNames: headerNamesFrom(process.env),
    stateFile: process.env.SANDBOX_STATE_FILE || undefined,
    webhook:
      webhookUrl === "none"
        ? null
        : {
            url: webhookUrl,
            signing_secret: process.env.CLINIC_WEBHOOK_SECRET ?? LOCAL_DEFAULTS.webhookSecret,
            challenge_token: process.env.CLINIC_WEBHOOK_CHALLENGE ?? LOCAL_DEFAULTS.webhookChallenge,
          },
  });
  console.log(`[sandbox] Platform sandbox listening at ${sandbox.url} (control API at ${sandbox.url}/__sandbox/seed)`);
  if (sandbox.notRestoredBecause) console.log(`[sandbox] Started from the seed: ${sandbox.notRestoredBecause}`);
  else if (sandbox.restored) console.log(`[sandbox] Carried on from ${process.env.SANDBOX_STATE_FILE}`);
  const stop = () => {
    void sandbox.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err: unknown) => {
  console.error(`[sandbox] Could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
