// The app's configuration: every environment variable the app reads, parsed and validated here and
// nowhere else (docs/configuration.md lists them). Each has a default that points at the local sandbox,
// so `npm start` works with nothing set; production values come from the environment. A bad value
// stops the process at start-up with a message naming the variable (lib/startup-check.ts). Not for
// secrets of the user's session (those live in the token store).
import { z } from "zod";
import { EVENT_RETENTION_DAYS as PLATFORM_RETENTION_DAYS } from "@/lib/contract/events";
import { DEFAULT_HEADER_NAMES, headerNameProblem, type PlatformHeaderNames } from "@/lib/contract/header-names";
import { LOCAL_DEFAULTS, localAppUrl, localSandboxUrl } from "@/lib/contract/local-defaults";

const port = z.coerce.number().int().min(1).max(65535);
const nonEmpty = z.string().trim().min(1);
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** Events are kept longer than the platform's 30 days (and a margin), or reconciliation refetches them. */
export const MIN_RETENTION_DAYS = PLATFORM_RETENTION_DAYS + 2;
export const DEFAULT_RETENTION_DAYS = 730;
const retentionProblem = (raw: string) =>
  `EVENT_RETENTION_DAYS is "${raw}". Set it to a whole number of days: 0 keeps events forever, otherwise at least ${MIN_RETENTION_DAYS} ` +
  `(the platform keeps ${PLATFORM_RETENTION_DAYS} days, and reconciliation would fetch events deleted sooner again). Unset, events are kept ${DEFAULT_RETENTION_DAYS} days.`;
const retention = z.preprocess(blankToUndefined, z.string().optional()).transform((raw, ctx) => {
  if (raw === undefined) return DEFAULT_RETENTION_DAYS;
  const days = Number(raw.trim());
  if (Number.isInteger(days) && (days === 0 || days >= MIN_RETENTION_DAYS)) return days;
  ctx.addIssue({ code: "custom", message: retentionProblem(raw.trim()) });
  return z.NEVER;
});

/** A header name the platform's servers use (lib/contract/header-names.ts); blank or unset, the spec's. */
const headerName = (key: keyof PlatformHeaderNames) =>
  z.preprocess(blankToUndefined, z.string().optional()).transform((raw, ctx) => {
    const name = raw?.trim() ?? DEFAULT_HEADER_NAMES[key];
    const problem = headerNameProblem(key, name);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
    return name;
  });

/** Five cron fields (minute hour day month weekday), as pg-boss takes them. */
const cron = z
  .string()
  .trim()
  .regex(/^\S+( \S+){4}$/, "must be five cron fields, e.g. */15 * * * * (every 15 minutes)");

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: port.default(LOCAL_DEFAULTS.appPort),
    SANDBOX_PORT: port.default(LOCAL_DEFAULTS.sandboxPort),
    APP_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgresql:// URL")
      .optional(),
    CLINIC_API_BASE_URL: z.url().optional(),
    // The platform's web address (where its embedded feature's page is served): on the real servers
    // not the API's host. Unset, the API base URL (the local sandbox serves both).
    CLINIC_WEB_URL: z.url().optional(),
    CLINIC_EMBED_PUBLIC_KEY: nonEmpty.default(LOCAL_DEFAULTS.embedPublicKey),
    CLINIC_KEY_HEADER: headerName("clinicKey"),
    CLINIC_SIGNATURE_HEADER: headerName("signature"),
    CLINIC_API_ENVIRONMENT: z.enum(["local", "sandbox-us", "sandbox-ca", "production-us", "production-ca"]).optional(),
    CLINIC_CLIENT_ID: nonEmpty.default(LOCAL_DEFAULTS.clientId),
    CLINIC_CLIENT_SECRET: nonEmpty.default(LOCAL_DEFAULTS.clientSecret),
    CLINIC_AUTH_MODE: z.enum(["role", "clinic"]).default("role"),
    CLINIC_WEBHOOK_SECRET: nonEmpty.default(LOCAL_DEFAULTS.webhookSecret),
    CLINIC_WEBHOOK_SECRET_PREVIOUS: nonEmpty.optional(),
    CLINIC_WEBHOOK_CHALLENGE: nonEmpty.default(LOCAL_DEFAULTS.webhookChallenge),
    APP_ENCRYPTION_KEY: nonEmpty.optional(),
    NEXTAUTH_SECRET: nonEmpty.optional(),
    EVENT_RETENTION_DAYS: retention,
    RECONCILE_CRON: z.preprocess(blankToUndefined, cron.default("*/15 * * * *")),
    JOBS_WORKER: z.preprocess(blankToUndefined, z.enum(["on", "off"]).default("on")),
    // Alert emails: smtp:// or smtps:// with credentials in the URL. Unset, alerts show in the app only.
    SMTP_URL: z
      .url()
      .regex(/^smtps?:\/\//, "must be an smtp:// or smtps:// URL")
      .optional(),
    SMTP_FROM: nonEmpty.default("Clinic Connect <alerts@clinic-connect.localhost>"),
    // The local mail catcher `npm start` runs when SMTP_URL is unset: its ports, and its page (set by npm start).
    MAIL_CATCHER_PORT: port.default(1080),
    MAIL_CATCHER_SMTP_PORT: port.default(1025),
    MAIL_CATCHER_URL: z.url().optional(),
    // How often alert conditions are checked (once across app processes); cron, UTC.
    ALERTS_CRON: z.preprocess(blankToUndefined, cron.default("*/5 * * * *")),
    // How long the audit trail is kept: 0 keeps everything, else at least a year. Six years by default
    // (HIPAA's retention of compliance records), longer than the event history's two.
    AUDIT_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .refine((d) => d === 0 || d >= 365, "must be 0 (keep everything) or at least 365 days")
      .default(2190),
    // The platform's rate limit for this application (requests per window, across all clinics); each
    // clinic and each user gets a share of it (lib/quota). The platform documents 5000 per 5 minutes.
    PLATFORM_RATE_LIMIT: z.coerce.number().int().min(10).default(5000),
    PLATFORM_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
    // Database connections (lib/db/pool.ts): people's pool and its statements' time bound (0: none),
    // and the pool of webhook ingest and the job worker, which people's reads never hold up.
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DB_SYSTEM_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(5),
    STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(3000),
    // The bound on ingest's and the job worker's statements: far above any batch's work, so that only
    // a statement gone wrong meets it, and none runs on for minutes after its process has exited.
    // The retention passes, which may delete much at once, lift it for their own transactions.
    SYSTEM_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
    // Reads each person may run at once (timeline pages and searches), how long one more waits for a
    // free place before being told, and exports (one at a time, more wait in a short line). One read:
    // a search that reads much of a clinic keeps a database core busy, and a person's two would take
    // both of a small server's; the timeline's own reads take milliseconds, so the next waits little.
    READS_PER_USER: z.coerce.number().int().min(1).max(100).default(1),
    READ_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
    EXPORTS_WAITING_PER_USER: z.coerce.number().int().min(0).max(20).default(2),
    // One person's requests under way at once, the request bodies (uploads) one person and the whole
    // process may have in flight (lib/limits/body-share.ts); a person's two are shared by the live
    // app processes (lib/limits/live-processes.ts), the process's is its own. A 10 MB upload costs
    // the process several times its size until the platform has it, so one person has one full-size
    // file in flight by default: the page sends one file at a time.
    REQUESTS_PER_USER: z.coerce.number().int().min(2).max(1000).default(8),
    BODY_BYTES_PER_USER: z.coerce
      .number()
      .int()
      .min(11 * 1024 * 1024)
      .default(12 * 1024 * 1024),
    BODY_BYTES_IN_FLIGHT: z.coerce
      .number()
      .int()
      .min(11 * 1024 * 1024)
      .default(64 * 1024 * 1024),
    // The request bodies without a session, all together (lib/limits/body-share.ts): sign-in and
    // sign-out forms are a few hundred bytes; nobody uploads without signing in.
    ANONYMOUS_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(64 * 1024)
      .default(1024 * 1024),
    // The proxies in front of the app (IP addresses, comma-separated): only their X-Forwarded-* headers
    // are believed (lib/http/forwarded.ts). Unset: none, and the app's origin checks use Host.
    TRUSTED_PROXIES: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^[0-9a-fA-F.:]+(\s*,\s*[0-9a-fA-F.:]+)*$/, "must be IP addresses separated by commas")
        .optional(),
    ),
  })
  .refine((e) => !e.CLINIC_API_ENVIRONMENT || e.CLINIC_API_ENVIRONMENT === "local" || e.CLINIC_API_BASE_URL, {
    // Without a base URL the app talks to the local sandbox; a production label on it would mislead admins.
    path: ["CLINIC_API_ENVIRONMENT"],
    message:
      "names a platform environment but CLINIC_API_BASE_URL is not set, so the app would talk to the local sandbox. Set CLINIC_API_BASE_URL to that environment's server, or unset CLINIC_API_ENVIRONMENT to use the local sandbox",
  });

export type AppConfig = ReturnType<typeof parseConfig>;

export function parseConfig(env: Record<string, string | undefined>) {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const clinicApiBaseUrl = (e.CLINIC_API_BASE_URL ?? localSandboxUrl(e.SANDBOX_PORT)).replace(/\/+$/, "");
  return {
    isProduction: e.NODE_ENV === "production" && !isLoopback(clinicApiBaseUrl),
    port: e.PORT,
    sandboxPort: e.SANDBOX_PORT,
    appUrl: (e.APP_URL ?? localAppUrl(e.PORT)).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    clinicApiBaseUrl,
    /** The platform's web address: the embedded feature's page, framed and trusted for messages. */
    clinicWebUrl: (e.CLINIC_WEB_URL ?? clinicApiBaseUrl).replace(/\/+$/, ""),
    embedPublicKey: e.CLINIC_EMBED_PUBLIC_KEY,
    /** The header names the platform's servers use (lib/contract/header-names.ts). */
    headerNames: { clinicKey: e.CLINIC_KEY_HEADER, signature: e.CLINIC_SIGNATURE_HEADER },
    clinicApiEnvironment: e.CLINIC_API_ENVIRONMENT ?? (e.CLINIC_API_BASE_URL ? undefined : "local"),
    clientId: e.CLINIC_CLIENT_ID,
    clientSecret: e.CLINIC_CLIENT_SECRET,
    authMode: e.CLINIC_AUTH_MODE,
    webhookSecret: e.CLINIC_WEBHOOK_SECRET,
    webhookSecretPrevious: e.CLINIC_WEBHOOK_SECRET_PREVIOUS,
    webhookChallenge: e.CLINIC_WEBHOOK_CHALLENGE,
    encryptionKey: e.APP_ENCRYPTION_KEY,
    nextAuthSecret: e.NEXTAUTH_SECRET,
    /** Days events are kept; 0 keeps everything. */
    eventRetentionDays: e.EVENT_RETENTION_DAYS,
    /** When reconciliation runs, once across all app processes. */
    reconcileCron: e.RECONCILE_CRON,
    /** Whether this process runs the job worker (it sends jobs either way). */
    jobsWorker: e.JOBS_WORKER === "on",
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    mailCatcher: { webPort: e.MAIL_CATCHER_PORT, smtpPort: e.MAIL_CATCHER_SMTP_PORT, url: e.MAIL_CATCHER_URL },
    alertsCron: e.ALERTS_CRON,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    /** The platform's rate limit, shared out per clinic and user (lib/limits/platform-quota.ts). */
    platformRateLimit: { points: e.PLATFORM_RATE_LIMIT, windowSeconds: e.PLATFORM_RATE_WINDOW_SECONDS },
    db: {
      size: e.DB_POOL_SIZE,
      systemSize: e.DB_SYSTEM_POOL_SIZE,
      statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
      systemStatementTimeoutMs: e.SYSTEM_STATEMENT_TIMEOUT_MS,
    },
    /** One person's share of the reads (lib/limits/read-gate.ts). */
    reads: { perUser: e.READS_PER_USER, waitMs: e.READ_WAIT_MS, exportsWaiting: e.EXPORTS_WAITING_PER_USER },
    /** One person's share of the app server (lib/limits/body-share.ts). */
    share: {
      requestsPerUser: e.REQUESTS_PER_USER,
      bodyBytesPerUser: e.BODY_BYTES_PER_USER,
      bodyBytesInFlight: e.BODY_BYTES_IN_FLIGHT,
      anonymousBodyBytes: e.ANONYMOUS_BODY_BYTES,
    },
    /** Peers whose forwarding headers are believed. */
    trustedProxies: (e.TRUSTED_PROXIES ?? "")
      .split(",")
      .map((a) => a.trim())
      .filter(Boolean),
  };
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "::1" || host === "[::1]" || host.startsWith("127.");
}

let cached: AppConfig | undefined;

/** The configuration of this process (parsed on first use; tests may call parseConfig directly). */
export function getConfig(): AppConfig {
  cached ??= parseConfig(process.env);
  return cached;
}
