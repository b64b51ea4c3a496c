// Ports and environment of the stacks the end-to-end tests run against: apart from `npm start`'s
// defaults, so a running local instance does not collide with a test run.
// - the main stack: one app on its own database (most specs);
// - the pair: two app processes on ONE other database, reconciling every minute (two-processes spec);
// - clinic mode: one app with the sandbox's clinic-level application (clinic-mode spec).
// The extra stacks use 127.0.0.1 rather than localhost, so their session cookies never mix with the
// main stack's (cookies are per host, not per port).
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";

export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);

export const E2E_ENV = {
  PORT: String(E2E_APP_PORT),
  SANDBOX_PORT: String(E2E_SANDBOX_PORT),
  APP_URL: `http://localhost:${E2E_APP_PORT}`,
  NEXTAUTH_URL: `http://localhost:${E2E_APP_PORT}`,
  CLINIC_API_BASE_URL: `http://127.0.0.1:${E2E_SANDBOX_PORT}`,
  // Several apps run at once: none opens the metrics port (9464 by default), so none collides.
  METRICS_PORT: "0",
  // The specs sign in as the same few people hundreds of times within the platform's 5-minute window,
  // far beyond one person's share of the default limit (500 calls): the shares would refuse the later
  // specs' pages. Raised tenfold, so one person's share is the sandbox's whole limit; the shares
  // themselves are tested in lib/limits and in the release stage (platform-quota.release.ts).
  PLATFORM_RATE_LIMIT: "50000",
} as const;

export interface ExtraApp {
  name: string;
  port: number;
  url: string;
  /** Which database it shares: apps with the same key share one. */
  database: "pair" | "clinic-mode";
  env: Record<string, string>;
}

function extraApp(
  name: string,
  port: number,
  database: ExtraApp["database"],
  env: Record<string, string> = {},
): ExtraApp {
  const url = `http://127.0.0.1:${port}`;
  return {
    name,
    port,
    url,
    database,
    env: { ...E2E_ENV, PORT: String(port), APP_URL: url, NEXTAUTH_URL: url, ...env },
  };
}

export const PAIR_APPS = [
  extraApp("app-pair-a", E2E_APP_PORT + 1, "pair", { RECONCILE_CRON: "* * * * *" }),
  extraApp("app-pair-b", E2E_APP_PORT + 2, "pair", { RECONCILE_CRON: "* * * * *" }),
] as const;

export const CLINIC_MODE_APP = extraApp("app-clinic-mode", E2E_APP_PORT + 3, "clinic-mode", {
  CLINIC_AUTH_MODE: "clinic",
  CLINIC_CLIENT_ID: LOCAL_DEFAULTS.clinicLevelClientId,
  CLINIC_CLIENT_SECRET: LOCAL_DEFAULTS.clinicLevelClientSecret,
  CLINIC_EMBED_PUBLIC_KEY: LOCAL_DEFAULTS.clinicLevelEmbedPublicKey,
});

/**
 * The one-door spec's own `npm run dev` (the app server with Next.js in development mode, started by
 * the spec on a database of its own, against the stack's sandbox): after the extra stacks' ports.
 */
export const DEV_APP_PORT = E2E_APP_PORT + 4;

/** Set by global-setup: the main app's mail catcher (its page, and GET /email for the messages). */
export const MAIL_CATCHER_URL_VAR = "E2E_MAIL_CATCHER_URL";

/** Set by global-setup for the specs that look into the stacks' databases. */
export const DATABASE_URL_VARS = {
  main: "E2E_DATABASE_URL",
  pair: "E2E_PAIR_DATABASE_URL",
  "clinic-mode": "E2E_CLINIC_MODE_DATABASE_URL",
} as const;
