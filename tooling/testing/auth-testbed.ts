// Test bed for the auth integration tests (not shipped code): a fresh PostgreSQL database with the
// migrations applied, the sandbox on a free port, and the process environment pointed at both.
// Also the browser's part of sign-in (choosing a person on the sandbox's authorize page).
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { startSandbox } from "@/sandbox/start";

export const TEST_APP_URL = "http://localhost:3999";
export const TEST_REDIRECT_URI = `${TEST_APP_URL}/api/auth/callback/clinic`;

export interface AuthTestbed {
  database: TestDatabase;
  sandboxUrl: string;
  close(): Promise<void>;
}

/** Call before anything reads lib/config or lib/db: both read the environment once. */
export async function startAuthTestbed(prefix: string, env: Record<string, string> = {}): Promise<AuthTestbed> {
  const database = await createTestDatabase(prefix, { migrated: true });
  const sandbox = await startSandbox({ port: 0 });
  Object.assign(process.env, {
    DATABASE_URL: database.url,
    CLINIC_API_BASE_URL: sandbox.url,
    APP_URL: TEST_APP_URL,
    APP_ENCRYPTION_KEY: `test1:${randomBytes(32).toString("base64url")}`,
    ...env,
  });
  return {
    database,
    sandboxUrl: sandbox.url,
    async close() {
      await sandbox.close();
      await database.drop();
    },
  };
}

const SeedSchema = z.object({
  clinics: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      current_clinic_key: z.string(),
      practitioners: z.array(z.object({ id: z.string(), first_name: z.string(), last_name: z.string() })),
      staff: z.array(z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), role: z.string() })),
    }),
  ),
});
export type SandboxSeed = z.infer<typeof SeedSchema>;

export async function sandboxSeed(sandboxUrl: string): Promise<SandboxSeed> {
  return SeedSchema.parse(await (await fetch(`${sandboxUrl}/__sandbox/seed`)).json());
}

export async function sandboxControl(sandboxUrl: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandboxUrl}/__sandbox/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${path}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

const StatsSchema = z.object({
  stats: z.object({
    token_refreshes_succeeded: z.number(),
    token_refreshes_failed: z.number(),
    revocations: z.number(),
    rate_limited: z.number(),
    requests_total: z.number(),
  }),
});
export type SandboxStats = z.infer<typeof StatsSchema>["stats"];

export async function sandboxStats(sandboxUrl: string): Promise<SandboxStats> {
  return StatsSchema.parse(await sandboxControl(sandboxUrl, "stats")).stats;
}

export async function tokenRefreshCount(sandboxUrl: string): Promise<number> {
  return (await sandboxStats(sandboxUrl)).token_refreshes_succeeded;
}

/** What the person does on the sandbox's authorize page: pick a user and allow. Returns the code. */
export async function authorizeAs(
  sandboxUrl: string,
  userId: string,
  options: { clientId: string; state?: string; redirectUri?: string },
): Promise<{ code: string; state: string | null }> {
  const form = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri ?? TEST_REDIRECT_URI,
    response_type: "code",
    state: options.state ?? "test-state",
    user_id: userId,
    decision: "allow",
  });
  const response = await fetch(`${sandboxUrl}/api/oauth/authorize`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form,
    redirect: "manual",
  });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`authorize answered ${response.status}`);
  const url = new URL(location);
  const code = url.searchParams.get("code");
  if (!code) throw new Error(`authorize redirected without a code: ${url.searchParams.get("error")}`);
  return { code, state: url.searchParams.get("state") };
}

/** The first seeded clinic's first staff member signs in (the sign-in's exchange stores the token); its clinic. */
export async function signInFirstStaff(sandboxUrl: string): Promise<string> {
  const seed = await sandboxSeed(sandboxUrl);
  const { exchangeAndStore } = await import("@/lib/auth/provider");
  const { LOCAL_DEFAULTS } = await import("@/lib/contract");
  const { code } = await authorizeAs(sandboxUrl, seed.clinics[0]!.staff[0]!.id, { clientId: LOCAL_DEFAULTS.clientId });
  return (await exchangeAndStore(code, TEST_REDIRECT_URI)).clinicId;
}

/** What a test that ran the app's code in its own process opened: the job queue, Prisma, the pools. */
export async function closeAppConnections(): Promise<void> {
  const [{ pool }, { db }, { getBoss }] = await Promise.all([
    import("@/lib/db/pool"),
    import("@/lib/db"),
    import("@/lib/queue/boss"),
  ]);
  await getBoss().then(
    (boss) => boss.stop({ graceful: false }),
    () => {},
  );
  await db.$disconnect();
  await pool().end();
  const shared = globalThis as unknown as { clinicConnectSystemPool?: { end(): Promise<void> } };
  await shared.clinicConnectSystemPool?.end();
}
