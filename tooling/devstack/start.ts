// `npm start`: the whole of Clinic Connect on one machine with nothing configured. Starts the
// database (embedded PGlite under .data/ unless DATABASE_URL is set), applies migrations, builds
// the app if its sources changed, starts the platform sandbox and the app, and prints the URL.
// Ctrl-C stops everything it started, and nothing else.
// `npm run dev` (--dev): the same, except that the app server (lib/server) serves the sources through
// Next.js's development mode instead of a build: the same server, so webhooks and the server-action
// guard take the same path as in production. Pages, components and routes reload as they change;
// the server's own modules (lib/server and what it imports) are read once, at start.
import { parseConfig } from "@/lib/config";
import { buildIfNeeded, bundleAppServer, ensurePrismaClient } from "@/tooling/devstack/build";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/tooling/devstack/embedded-postgres";
import { localSecret } from "@/tooling/devstack/local-secret";
import { pickPort, startMailCatcher } from "@/tooling/devstack/mail-catcher";
import {
  DEV_APP_SERVER_FILE,
  appServerArgs,
  devAppServerArgs,
  repoPath,
  sandboxArgs,
  sandboxStateFile,
  startService,
  waitForHttp,
  type Service,
} from "@/tooling/devstack/processes";
import { deployMigrations } from "@/tooling/migrate";

const log = (line: string) => console.log(`[clinic-connect] ${line}`);

async function main(): Promise<void> {
  const dev = process.argv.includes("--dev");
  const config = parseConfig(process.env);
  const dataDir = repoPath(".data");
  const services: Service[] = [];
  let embedded: EmbeddedPostgres | undefined;
  let stopping = false;

  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    log("Stopping…");
    await Promise.all(services.map((service) => service.stop()));
    await embedded?.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void stopAll(0));
  process.on("SIGTERM", () => void stopAll(0));

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({
        dataDir: repoPath(".data/pglite"),
        port: Number(process.env.EMBEDDED_DB_PORT ?? 0),
      });
      databaseUrl = embedded.url;
      log(`Embedded PostgreSQL (data in .data/pglite) at ${databaseUrl}`);
    } else {
      log("Using the PostgreSQL server in DATABASE_URL");
    }
    ensurePrismaClient();
    const { applied } = await deployMigrations(databaseUrl);
    log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database schema is up to date");
    if (dev) bundleAppServer(DEV_APP_SERVER_FILE);
    else buildIfNeeded(log);

    // Alert emails: the SMTP server the environment names, else a local catcher to read them in.
    let mail = { SMTP_URL: config.smtpUrl, MAIL_CATCHER_URL: undefined as string | undefined };
    if (!config.smtpUrl) {
      try {
        const ports = {
          web: await pickPort(config.mailCatcher.webPort, process.env.MAIL_CATCHER_PORT !== undefined),
          smtp: await pickPort(config.mailCatcher.smtpPort, process.env.MAIL_CATCHER_SMTP_PORT !== undefined),
        };
        const catcher = await startMailCatcher(ports);
        services.push(catcher.service);
        mail = { SMTP_URL: catcher.smtpUrl, MAIL_CATCHER_URL: catcher.webUrl };
      } catch (error) {
        // Email is a convenience here, not a reason to refuse to start.
        log(
          `The local mail catcher did not start (${error instanceof Error ? error.message : String(error)}); alerts show in the app only.`,
        );
      }
    }

    const env = {
      ...mail,
      DATABASE_URL: databaseUrl,
      PORT: String(config.port),
      SANDBOX_PORT: String(config.sandboxPort),
      NEXTAUTH_URL: config.appUrl,
      NEXTAUTH_SECRET: config.nextAuthSecret ?? localSecret(dataDir, "nextauth.secret"),
      NEXT_TELEMETRY_DISABLED: "1",
      // Readable lines in a terminal; production defaults to JSON lines (lib/log/logger.ts).
      LOG_FORMAT: process.env.LOG_FORMAT ?? "pretty",
      // Next.js's development mode runs only under its own NODE_ENV; production's is the environment's.
      ...(dev ? { NODE_ENV: "development" } : {}),
    };
    const startsSandbox = !process.env.CLINIC_API_BASE_URL;
    if (startsSandbox) {
      // The sandbox keeps its world in .data/ as the embedded database does, so a restart finds both agreeing.
      const sandbox = startService("sandbox", sandboxArgs(), { ...env, SANDBOX_STATE_FILE: sandboxStateFile() });
      services.push(sandbox);
      await waitForHttp(`${config.clinicApiBaseUrl}/__sandbox/health`, sandbox.child);
      log(`Platform sandbox at ${config.clinicApiBaseUrl}`);
    }
    const app = startService("app", dev ? devAppServerArgs(config.port) : appServerArgs(config.port), env);
    services.push(app);
    await waitForHttp(`http://127.0.0.1:${config.port}/api/health`, app.child, 120_000);
    for (const service of services) {
      service.child.once("exit", (code) => {
        if (!stopping) {
          log(`The ${service.name} stopped unexpectedly (exit code ${code}); stopping the rest.`);
          void stopAll(1);
        }
      });
    }
    log(`Ready: open ${config.appUrl}  (Ctrl-C to stop)`);
    if (startsSandbox) await logFirstSteps(config.clinicApiBaseUrl);
    if (mail.MAIL_CATCHER_URL) log(`Alert emails (local mail catcher): ${mail.MAIL_CATCHER_URL}`);
  } catch (error) {
    console.error(`[clinic-connect] Could not start: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll(1);
  }
}

/** What a newcomer does next: sign in as the clinic's admin and enter the sandbox clinic's key. */
async function logFirstSteps(sandboxUrl: string): Promise<void> {
  try {
    const seed = (await (await fetch(`${sandboxUrl}/__sandbox/seed`)).json()) as {
      clinics: Array<{ name: string; current_clinic_key: string | null }>;
    };
    const clinic = seed.clinics[0];
    if (!clinic?.current_clinic_key) return;
    log(
      `First steps: sign in as ${clinic.name}'s "Clinic admin", then enter this clinic key on Admin → Clinic key: ${clinic.current_clinic_key}`,
    );
  } catch {
    // A hint, not a reason to stop: the README says where the key is.
  }
}

void main();
