// LOG_FORMAT and LOG_LEVEL as the deployment's tools expect them, and a line's shape.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logFormat, logLevel } from "@/lib/log/logger";
import { withLogContext } from "@/lib/log/context";

describe("configuration", () => {
  it.each([
    [{ NODE_ENV: "production" }, "json"],
    [{ NODE_ENV: "production", LOG_FORMAT: "pretty" }, "pretty"],
    [{ NODE_ENV: "development" }, "pretty"],
    [{ NODE_ENV: "development", LOG_FORMAT: "json" }, "json"],
    [{ LOG_FORMAT: "xml" }, "json"],
  ])("%j → format %s", (env, format) => expect(logFormat(env)).toBe(format));

  it.each([
    [{}, "info"],
    [{ LOG_LEVEL: "debug" }, "debug"],
    [{ LOG_LEVEL: " WARN " }, "warn"],
    [{ LOG_LEVEL: "loud" }, "info"],
  ])("%j → level %s", (env, level) => expect(logLevel(env)).toBe(level));
});

describe("a line", () => {
  function capture(env: Record<string, string>) {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _e, done) {
        for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    return { lines, logger: createLogger(stream, env) };
  }

  it("has the level's name, an ISO time, and the context's request, clinic and job", () => {
    const { lines, logger } = capture({});
    withLogContext({ requestId: "r-123456789", clinicId: "c1" }, () =>
      withLogContext({ job: "reconcile-clinic" }, () => logger.warn({ runId: "run-1" }, "slow")),
    );
    expect(lines).toEqual([
      {
        level: "warn",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        requestId: "r-123456789",
        clinicId: "c1",
        job: "reconcile-clinic",
        runId: "run-1",
        msg: "slow",
      },
    ]);
  });

  it("below LOG_LEVEL is not written", () => {
    const { lines, logger } = capture({ LOG_LEVEL: "error" });
    logger.warn("dropped");
    logger.error("kept");
    expect(lines.map((line) => line.msg)).toEqual(["kept"]);
  });
});
