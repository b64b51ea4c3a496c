// parseConfig: the local-sandbox defaults with nothing set, and one row per setting it must refuse.
import { describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS, localAppUrl, localSandboxUrl } from "@/lib/contract/local-defaults";
import { parseConfig, type AppConfig } from "@/lib/config";

type Env = Record<string, string | undefined>;

describe("parseConfig accepts", () => {
  const rows: Array<[string, Env, Partial<AppConfig>]> = [
    [
      "nothing set: the local sandbox",
      {},
      {
        isProduction: false,
        port: LOCAL_DEFAULTS.appPort,
        appUrl: localAppUrl(),
        clinicApiBaseUrl: localSandboxUrl(),
        clinicApiEnvironment: "local",
        clientId: LOCAL_DEFAULTS.clientId,
        authMode: "role",
        webhookSecret: LOCAL_DEFAULTS.webhookSecret,
      },
    ],
    [
      "local named explicitly",
      { CLINIC_API_ENVIRONMENT: "local" },
      { clinicApiBaseUrl: localSandboxUrl(), clinicApiEnvironment: "local" },
    ],
    [
      "a platform environment with its server",
      { CLINIC_API_ENVIRONMENT: "production-us", CLINIC_API_BASE_URL: "https://api.example.com/" },
      { clinicApiBaseUrl: "https://api.example.com", clinicApiEnvironment: "production-us" },
    ],
    [
      "a server without a label",
      { CLINIC_API_BASE_URL: "https://api.example.com" },
      { clinicApiEnvironment: undefined },
    ],
    [
      "production against a remote platform",
      { NODE_ENV: "production", CLINIC_API_BASE_URL: "https://api.example.com" },
      { isProduction: true },
    ],
    ["production build against the local sandbox", { NODE_ENV: "production" }, { isProduction: false }],
    [
      "production build against localhost",
      { NODE_ENV: "production", CLINIC_API_BASE_URL: "http://localhost:4010" },
      { isProduction: false },
    ],
    [
      "development against a remote platform",
      { CLINIC_API_BASE_URL: "https://api.example.com" },
      { isProduction: false },
    ],
    [
      "nothing set: no email, alerts every five minutes, the audit trail kept six years",
      {},
      { smtpUrl: undefined, alertsCron: "*/5 * * * *", auditRetentionDays: 2190 },
    ],
    [
      "an SMTP server with credentials, and an audit trail kept forever",
      { SMTP_URL: "smtps://alerts:secret@mail.example.org:465", AUDIT_RETENTION_DAYS: "0" },
      { smtpUrl: "smtps://alerts:secret@mail.example.org:465", auditRetentionDays: 0 },
    ],
    [
      "PORT and clinic-level auth",
      { PORT: "8080", CLINIC_AUTH_MODE: "clinic" },
      { port: 8080, appUrl: localAppUrl(8080), authMode: "clinic" },
    ],
    ["the job settings' defaults", {}, { eventRetentionDays: 730, reconcileCron: "*/15 * * * *", jobsWorker: true }],
    [
      "the job settings set",
      { EVENT_RETENTION_DAYS: "0", RECONCILE_CRON: "* * * * *", JOBS_WORKER: "off" },
      { eventRetentionDays: 0, reconcileCron: "* * * * *", jobsWorker: false },
    ],
    [
      "nothing set: the spec's header names, the sandbox's web address and public key",
      {},
      {
        headerNames: { clinicKey: "X-Service-Clinic-Key", signature: "Service-Signature" },
        clinicWebUrl: localSandboxUrl(),
        embedPublicKey: LOCAL_DEFAULTS.embedPublicKey,
      },
    ],
    [
      "the real servers' header names, web address and public key",
      {
        CLINIC_KEY_HEADER: " X-Acme-Clinic-Key ",
        CLINIC_SIGNATURE_HEADER: "Acme-Signature",
        CLINIC_API_BASE_URL: "https://api-us.example.com",
        CLINIC_WEB_URL: "https://us.example.com/",
        CLINIC_EMBED_PUBLIC_KEY: "pk_live_1",
      },
      {
        headerNames: { clinicKey: "X-Acme-Clinic-Key", signature: "Acme-Signature" },
        clinicWebUrl: "https://us.example.com",
        embedPublicKey: "pk_live_1",
      },
    ],
    [
      "header names blank, a server without a web address: the defaults, and the server's address",
      { CLINIC_KEY_HEADER: " ", CLINIC_SIGNATURE_HEADER: "", CLINIC_API_BASE_URL: "https://api.example.com/" },
      {
        headerNames: { clinicKey: "X-Service-Clinic-Key", signature: "Service-Signature" },
        clinicWebUrl: "https://api.example.com",
      },
    ],
    [
      "the job settings blank",
      { RECONCILE_CRON: " ", JOBS_WORKER: "" },
      { reconcileCron: "*/15 * * * *", jobsWorker: true },
    ],
  ];
  it.each(rows)("%s", (_label, env, expected) => {
    expect(parseConfig(env)).toMatchObject(expected);
  });
});

describe("parseConfig refuses, naming the variable", () => {
  const rows: Array<[string, Env, RegExp]> = [
    [
      "a production label on the local sandbox",
      { CLINIC_API_ENVIRONMENT: "production-us" },
      /CLINIC_API_ENVIRONMENT: names a platform environment but CLINIC_API_BASE_URL is not set/,
    ],
    [
      "a sandbox label on the local sandbox",
      { CLINIC_API_ENVIRONMENT: "sandbox-ca" },
      /Set CLINIC_API_BASE_URL to that environment's server, or unset CLINIC_API_ENVIRONMENT/,
    ],
    [
      "an unknown environment",
      { CLINIC_API_ENVIRONMENT: "staging", CLINIC_API_BASE_URL: "https://api.example.com" },
      /CLINIC_API_ENVIRONMENT/,
    ],
    ["PORT not a number", { PORT: "abc" }, /PORT:/],
    ["PORT zero", { PORT: "0" }, /PORT:/],
    ["PORT out of range", { PORT: "70000" }, /PORT:/],
    ["SANDBOX_PORT fractional", { SANDBOX_PORT: "40.5" }, /SANDBOX_PORT:/],
    ["CLINIC_AUTH_MODE unknown", { CLINIC_AUTH_MODE: "admin" }, /CLINIC_AUTH_MODE:/],
    ["CLINIC_API_BASE_URL not a URL", { CLINIC_API_BASE_URL: "api.example.com" }, /CLINIC_API_BASE_URL:/],
    ["DATABASE_URL not PostgreSQL", { DATABASE_URL: "mysql://db/app" }, /DATABASE_URL: must be a postgresql:\/\/ URL/],
    [
      "RECONCILE_CRON not five fields",
      { RECONCILE_CRON: "every 15 minutes" },
      /RECONCILE_CRON: must be five cron fields/,
    ],
    ["JOBS_WORKER neither on nor off", { JOBS_WORKER: "no" }, /JOBS_WORKER:/],
    [
      "EVENT_RETENTION_DAYS within the platform's 30 days",
      { EVENT_RETENTION_DAYS: "30" },
      /EVENT_RETENTION_DAYS: EVENT_RETENTION_DAYS is "30"/,
    ],
    ["SMTP_URL not SMTP", { SMTP_URL: "https://mail.example.org" }, /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["AUDIT_RETENTION_DAYS under a year", { AUDIT_RETENTION_DAYS: "30" }, /AUDIT_RETENTION_DAYS: must be 0/],
    ["AUDIT_RETENTION_DAYS not a number", { AUDIT_RETENTION_DAYS: "forever" }, /AUDIT_RETENTION_DAYS:/],
    [
      "a clinic key header with a space",
      { CLINIC_KEY_HEADER: "X Clinic Key" },
      /CLINIC_KEY_HEADER: CLINIC_KEY_HEADER is "X Clinic Key", which is not an HTTP header name.*X-Service-Clinic-Key/,
    ],
    [
      "a signature header with its colon",
      { CLINIC_SIGNATURE_HEADER: "Acme-Signature:" },
      /CLINIC_SIGNATURE_HEADER: .*not an HTTP header name.*unset it to use Service-Signature/,
    ],
    ["a web address that is not a URL", { CLINIC_WEB_URL: "us.example.com" }, /CLINIC_WEB_URL:/],
    ["a blank public key", { CLINIC_EMBED_PUBLIC_KEY: " " }, /CLINIC_EMBED_PUBLIC_KEY:/],
    ["MAIL_CATCHER_PORT out of range", { MAIL_CATCHER_PORT: "99999" }, /MAIL_CATCHER_PORT:/],
  ];
  it.each(rows)("%s", (_label, env, expected) => {
    expect(() => parseConfig(env)).toThrow(/^Invalid configuration: /);
    expect(() => parseConfig(env)).toThrow(expected);
  });
});
