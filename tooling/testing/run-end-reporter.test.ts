import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { readVitestRunEnd } from "@/tooling/devstack/test-counts";
import { describeError } from "@/tooling/testing/run-end-reporter";

test("an unhandled error is told by its kind, message and first frames", () => {
  const error = Object.assign(new Error("late boom"), { type: "Uncaught Exception" });
  const told = describeError(error).split("\n");
  expect(told[0]).toBe("Uncaught Exception: Error: late boom");
  expect(told[1]).toMatch(/run-end-reporter\.test\.ts/);
  expect(told).toHaveLength(4);
  expect(describeError("a string")).toBe("a string");
});

test("the summary says why a run failed with no failed test, or that no report was written", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "run-end-"));
  const file = path.join(dir, "end.json");
  expect(readVitestRunEnd(file)).toEqual(["vitest ended without a report (it crashed or was stopped)"]);
  fs.writeFileSync(
    file,
    JSON.stringify({ reason: "passed", unhandledErrors: ["Uncaught Exception: Error: late boom"] }),
  );
  expect(readVitestRunEnd(file)).toEqual(["1 unhandled error(s):", "Uncaught Exception: Error: late boom"]);
  fs.writeFileSync(file, JSON.stringify({ reason: "interrupted", unhandledErrors: [] }));
  expect(readVitestRunEnd(file)).toEqual(["vitest ended interrupted"]);
  fs.rmSync(dir, { recursive: true });
});
