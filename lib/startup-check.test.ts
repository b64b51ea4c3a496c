// The start-up check refuses a process whose settings would break it later and out of sight: an
// invalid EVENT_RETENTION_DAYS would otherwise stop only the job worker, leaving events unprocessed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generateKeyEntry } from "@/lib/auth/crypto";
import { assertStartupConfig } from "@/lib/startup-check";
import { register } from "@/instrumentation";

beforeEach(() => {
  // A key from the environment: the development fallback would write one under .data/.
  vi.stubEnv("APP_ENCRYPTION_KEY", generateKeyEntry("t1"));
  vi.stubEnv("DATABASE_URL", undefined); // the test runner may set it empty, which the config refuses
});
afterEach(() => vi.unstubAllEnvs());

describe("assertStartupConfig", () => {
  const rows: Array<[string | undefined, "ok" | RegExp]> = [
    [undefined, "ok"],
    ["0", "ok"],
    ["400", "ok"],
    [
      "abc",
      /EVENT_RETENTION_DAYS is "abc"\. Set it to a whole number of days: 0 keeps events forever, otherwise at least 32/,
    ],
    ["10", /EVENT_RETENTION_DAYS is "10"\..*at least 32/],
    ["31", /EVENT_RETENTION_DAYS is "31"/],
    ["-5", /EVENT_RETENTION_DAYS is "-5"/],
  ];
  it.each(rows)("EVENT_RETENTION_DAYS=%s → %s", (value, expected) => {
    vi.stubEnv("EVENT_RETENTION_DAYS", value);
    if (expected === "ok") expect(() => assertStartupConfig()).not.toThrow();
    else expect(() => assertStartupConfig()).toThrow(expected);
  });
});

describe("instrumentation register()", () => {
  it("refuses to start the server (not just the worker) with an invalid retention", async () => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    vi.stubEnv("JOBS_WORKER", "off");
    vi.stubEnv("EVENT_RETENTION_DAYS", "abc");
    await expect(register()).rejects.toThrow(/EVENT_RETENTION_DAYS is "abc"/);
  });

  it("starts with a valid one", async () => {
    vi.stubEnv("NEXT_RUNTIME", "nodejs");
    vi.stubEnv("JOBS_WORKER", "off");
    vi.stubEnv("EVENT_RETENTION_DAYS", "400");
    await expect(register()).resolves.toBeUndefined();
  });
});
