// Starts what the end-to-end tests talk to: the sandbox, and each stack's fresh database (a new one
// on the real server when TEST_PG_ADMIN_URL is set, else an embedded PGlite) with migrations and the
// built app: the main stack (with a mail catcher for its alert emails), the pair (two processes, one
// database) and the clinic-mode app (see tooling/testing/e2e-stacks.ts). Returns the teardown, which
// stops exactly what it started.
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { appServerArgs, sandboxArgs, startService, waitForHttp, type Service } from "@/tooling/devstack/processes";
import { pickPort, startMailCatcher } from "@/tooling/devstack/mail-catcher";
import {
  CLINIC_MODE_APP,
  DATABASE_URL_VARS,
  E2E_APP_PORT,
  E2E_ENV,
  MAIL_CATCHER_URL_VAR,
  PAIR_APPS,
} from "@/tooling/testing/e2e-stacks";

const COMMON = { NEXTAUTH_SECRET: "e2e-nextauth-secret-not-for-production", NEXT_TELEMETRY_DISABLED: "1" };

export default async function globalSetup(): Promise<() => Promise<void>> {
  const databases: TestDatabase[] = [];
  const services: Service[] = [];
  const teardown = async () => {
    await Promise.all(services.map((s) => s.stop()));
    await Promise.all(databases.map((d) => d.drop()));
  };
  const database = async (prefix: string) => {
    const created = await createTestDatabase(prefix, { migrated: true });
    databases.push(created);
    return created.url;
  };
  const app = (name: string, port: number, env: Record<string, string>) => {
    const service = startService(name, appServerArgs(port), { ...env, ...COMMON }, { quiet: true });
    services.push(service);
    return waitForHttp(`http://127.0.0.1:${port}/api/health`, service.child, 120_000);
  };
  try {
    const [main, pair, clinicMode] = await Promise.all([database("e2e"), database("e2e_pair"), database("e2e_clinic")]);
    process.env[DATABASE_URL_VARS.main] = main;
    process.env[DATABASE_URL_VARS.pair] = pair;
    process.env[DATABASE_URL_VARS["clinic-mode"]] = clinicMode;
    // The main app's alert emails go to a mail catcher of its own, on free ports (specs read it).
    const catcher = await startMailCatcher({ web: await pickPort(0, true), smtp: await pickPort(0, true) });
    services.push(catcher.service);
    process.env[MAIL_CATCHER_URL_VAR] = catcher.webUrl;
    const mail = { SMTP_URL: catcher.smtpUrl, MAIL_CATCHER_URL: catcher.webUrl };
    const sandbox = startService("sandbox", sandboxArgs(), { ...E2E_ENV, ...COMMON }, { quiet: true });
    services.push(sandbox);
    await waitForHttp(`${E2E_ENV.CLINIC_API_BASE_URL}/__sandbox/health`, sandbox.child);
    await Promise.all([
      app("app", E2E_APP_PORT, { ...E2E_ENV, ...mail, DATABASE_URL: main }),
      ...PAIR_APPS.map((a) => app(a.name, a.port, { ...a.env, DATABASE_URL: pair })),
      app(CLINIC_MODE_APP.name, CLINIC_MODE_APP.port, { ...CLINIC_MODE_APP.env, DATABASE_URL: clinicMode }),
    ]);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
