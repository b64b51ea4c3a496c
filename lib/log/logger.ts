// The app's one logger (pino). JSON lines by default; readable lines with LOG_FORMAT=pretty (what
// `npm start` sets). LOG_LEVEL picks the level (info by default). Every line carries the time, the
// level and, where there is one, the request id, the clinic and the job of the work under way
// (lib/log/context.ts): callers pass only what the line is about.
//
// Nothing secret may reach a line: callers pass error classes, ids and counts, never tokens, bodies
// or a person's details; the redact paths below blank the usual names if one is passed anyway, and
// scrub() removes, as a last net, the configured secrets and anything shaped like a credential.
import pino, { type DestinationStream, type Logger } from "pino";
import pretty from "pino-pretty";
import { logContext } from "@/lib/log/context";
import { scrub } from "@/lib/log/scrub";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogFormat = "json" | "pretty";

/** Keys whose values never go in a line, wherever they sit (one level of nesting). */
const SECRET_KEYS = [
  "authorization",
  "cookie",
  "token",
  "accessToken",
  "access_token",
  "refreshToken",
  "refresh_token",
  "secret",
  "clientSecret",
  "client_secret",
  "password",
  "signature",
  "body",
  "rawBody",
  "patient",
  "email",
  "name",
  "phone",
];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'headers["authorization"]',
  'headers["cookie"]',
  'headers["x-clinic-signature"]',
];

export function logFormat(env: Record<string, string | undefined> = process.env): LogFormat {
  if (env.LOG_FORMAT === "json" || env.LOG_FORMAT === "pretty") return env.LOG_FORMAT;
  return env.NODE_ENV === "development" ? "pretty" : "json";
}

export function logLevel(env: Record<string, string | undefined> = process.env): string {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  return level && (LOG_LEVELS as readonly string[]).includes(level) ? level : "info";
}

function destination(format: LogFormat): DestinationStream {
  // pino-pretty as a stream in this thread, not pino's worker-thread transport: no worker to
  // bundle or to lose at exit. Only for a person reading a terminal, where the cost does not matter.
  if (format === "pretty") return pretty({ colorize: process.stdout.isTTY, sync: true, ignore: "pid,hostname" });
  return pino.destination({ dest: 1, sync: false, minLength: 0 });
}

/** A logger writing to `stream` (the process's standard output when not given). */
export function createLogger(
  stream?: DestinationStream,
  env: Record<string, string | undefined> = process.env,
): Logger {
  return pino(
    {
      level: logLevel(env),
      base: undefined, // no pid and hostname on every line: the collector knows where it came from
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => logContext.getStore() ?? {},
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: (error: unknown) => errorForLog(error) },
      hooks: { streamWrite: (line) => scrub(line) },
    },
    stream ?? destination(logFormat(env)),
  );
}

/** What a line says of an error: its class, its message (scrubbed), a status and a request id if any. */
export function errorForLog(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const out: Record<string, unknown> = { type: error.name, message: error.message };
  for (const key of ["status", "requestId", "code", "kind"] as const) {
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === "string" || typeof value === "number") out[key] = value;
  }
  return out;
}

// One logger per process, shared by the app server's bundle and Next.js's (two module copies).
const GLOBAL_KEY = Symbol.for("clinic-connect.logger");
const holder = globalThis as unknown as Record<symbol, Logger | undefined>;

/** The process's logger. */
export function logger(): Logger {
  return (holder[GLOBAL_KEY] ??= createLogger());
}

/** Sends the process's lines to `stream` from now on (a test reading its own lines); gives the previous back. */
export function replaceLogger(next: Logger): Logger {
  const previous = logger();
  holder[GLOBAL_KEY] = next;
  return previous;
}

type Fields = Record<string, unknown>;
const at =
  (level: "fatal" | "error" | "warn" | "info" | "debug") =>
  (message: string, fields?: Fields): void => {
    const target = logger();
    if (fields) target[level](fields, message);
    else target[level](message);
  };

/** log.error("webhooks: delivery failed", { err }): a message and the fields it is about. */
export const log = { fatal: at("fatal"), error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") };
