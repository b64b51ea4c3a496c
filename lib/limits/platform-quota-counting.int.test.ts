// The quota counts on both databases the app runs on: PostgreSQL, and the embedded PGlite that
// `npm start` serves over the wire, where the pool's several connections share one PGlite session.
// People ask for three times their share at once through a pool of several connections: each gets
// exactly their share, the rest are refused in words before reaching the platform, and no turn is
// let through as a counting failure.
import { Writable } from "node:stream";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, replaceLogger } from "@/lib/log/logger";
import { platformQuota, QuotaExceededError, SHARES, type QuotaScope } from "@/lib/limits/platform-quota";
import { createTestDatabase, REAL_SERVER, scratchPool, type TestDatabase } from "@/tooling/testing/database";

const LIMIT = { points: 100, windowSeconds: 60 };
const USER_SHARE = Math.floor(LIMIT.points * SHARES.user);
const CLINIC_SHARE = Math.floor(LIMIT.points * SHARES.clinic);

const DATABASES = [
  ...(REAL_SERVER ? [{ name: "PostgreSQL", embedded: false }] : []),
  { name: "the embedded PGlite", embedded: true },
];

/** `n` turns at once for `scope`: how many were given, and the levels that refused the others. */
async function ask(turn: (scope: QuotaScope) => Promise<void>, scope: QuotaScope, n: number) {
  const outcomes = await Promise.allSettled(Array.from({ length: n }, () => turn(scope)));
  const refusals = outcomes.flatMap((o) => (o.status === "rejected" ? [o.reason as unknown] : []));
  return {
    given: outcomes.length - refusals.length,
    refusedBy: refusals.map((r) => (r instanceof QuotaExceededError ? r.level : String(r))),
  };
}

describe.each(DATABASES)("the platform quota on $name", ({ embedded }) => {
  let database: TestDatabase;
  let store: pg.Pool;
  const lines: string[] = [];
  let restoreLogger: () => void;

  beforeAll(async () => {
    database = await createTestDatabase("quota_counting", { migrated: true, embedded });
    store = scratchPool(database.url, 4);
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    const previous = replaceLogger(createLogger(sink, {}));
    restoreLogger = () => void replaceLogger(previous);
  });

  afterAll(async () => {
    restoreLogger?.();
    await store?.end();
    await database?.drop();
  });

  it("gives each person their share, however many connections count it", async () => {
    const turn = platformQuota(store, LIMIT);
    const people = ["a", "b", "c"].map((c) => ({ clinicId: `clinic-${c}`, userId: `person-${c}` }));
    const outcomes = await Promise.all(people.map((scope) => ask(turn, scope, 3 * USER_SHARE)));
    for (const { given, refusedBy } of outcomes) {
      expect(given).toBe(USER_SHARE);
      expect(refusedBy).toEqual(Array.from({ length: 2 * USER_SHARE }, () => "user"));
    }
    expect(lines.filter((line) => line.includes("counting failed"))).toEqual([]);
    // The refused points were given back: each person's counter holds what they were given.
    const rows = await database.query<{ key: string; points: number }>(
      "SELECT key, points FROM platform_quota WHERE key LIKE 'user:%' ORDER BY key",
    );
    expect(rows).toEqual(people.map((p) => ({ key: `user:${p.clinicId}:${p.userId}`, points: USER_SHARE })));
  });

  it("gives a clinic's people together the clinic's share", async () => {
    const turn = platformQuota(store, LIMIT);
    const colleagues = ["1", "2", "3", "4"].map((n) => ({ clinicId: "clinic-busy", userId: `colleague-${n}` }));
    const outcomes = await Promise.all(colleagues.map((scope) => ask(turn, scope, USER_SHARE)));
    expect(outcomes.reduce((sum, o) => sum + o.given, 0)).toBe(CLINIC_SHARE);
    expect(outcomes.flatMap((o) => o.refusedBy)).toEqual(
      Array.from({ length: colleagues.length * USER_SHARE - CLINIC_SHARE }, () => "clinic"),
    );
    expect(lines.filter((line) => line.includes("counting failed"))).toEqual([]);
  });
});

describe("the platform quota when its database fails", () => {
  let database: TestDatabase;
  let store: pg.Pool;
  beforeAll(async () => {
    database = await createTestDatabase("quota_failing", { migrated: true });
    store = scratchPool(database.url, 2);
  });
  afterAll(async () => {
    await store?.end();
    await database?.drop();
  });

  /** The pool, failing its next `failures` queries as a database in trouble would. */
  function failing(failures: number) {
    let left = failures;
    return {
      query: ((...args: Parameters<pg.Pool["query"]>) =>
        left-- > 0 ? Promise.reject(new Error("connection terminated")) : store.query(...args)) as pg.Pool["query"],
    };
  }

  it("a count that fails once is tried again and the turn given", async () => {
    const turn = platformQuota(failing(1), LIMIT);
    await expect(turn({ clinicId: "clinic-flaky", userId: null })).resolves.toBeUndefined();
  });

  it("a count that keeps failing refuses the turn: never an unlimited pass", async () => {
    const turn = platformQuota(failing(Number.POSITIVE_INFINITY), LIMIT);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 3 * USER_SHARE }, () => turn({ clinicId: "clinic-down", userId: "person-down" })),
    );
    expect(outcomes.every((o) => o.status === "rejected" && o.reason instanceof QuotaExceededError)).toBe(true);
  });
});
