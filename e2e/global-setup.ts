// Starts what the end-to-end tests talk to: a fresh database (a new one on the real server when
// TEST_PG_ADMIN_URL is set, else an embedded PGlite), migrations, the sandbox and the built app.
// Returns the teardown, which stops exactly what it started.
import { createTestDatabase } from "@/lib/testing/postgres";
import { nextStartArgs, sandboxArgs, startService, waitForHttp, type Service } from "@/lib/devstack/processes";
import { deployMigrations } from "@/prisma/migrate";
import { E2E_APP_PORT, E2E_ENV } from "./stack-env";

export default async function globalSetup(): Promise<() => Promise<void>> {
  const database = await createTestDatabase("e2e");
  const services: Service[] = [];
  const teardown = async () => {
    await Promise.all(services.map((s) => s.stop()));
    await database.drop();
  };
  try {
    await deployMigrations(database.url);
    const env = { ...E2E_ENV, DATABASE_URL: database.url, NEXTAUTH_SECRET: "e2e-nextauth-secret-not-for-production", NEXT_TELEMETRY_DISABLED: "1" };
    const sandbox = startService("sandbox", sandboxArgs(), env, { quiet: true });
    services.push(sandbox);
    await waitForHttp(`${E2E_ENV.CLINIC_API_BASE_URL}/__sandbox/health`, sandbox.child);
    const app = startService("app", nextStartArgs(E2E_APP_PORT), env, { quiet: true });
    services.push(app);
    await waitForHttp(`http://127.0.0.1:${E2E_APP_PORT}/api/health`, app.child, 120_000);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
