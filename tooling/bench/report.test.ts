// BENCHMARKS.md keeps what a run did not measure: another benchmark's section, and the other part of
// a benchmark run in parts (`pages --section=big` keeps `pages --section=main`).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeBenchmarksMd } from "@/tooling/bench/report";
import { figure, type BenchResult } from "@/tooling/bench/result";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-report-"));
const file = path.join(dir, "BENCHMARKS.md");
afterEach(() => fs.rmSync(file, { force: true }));

const result = (id: string, command: string, title: string, value: number): BenchResult & { ranAt: string } => ({
  id,
  title,
  command,
  baseline: "nothing",
  figures: [figure({ name: "time", value, unit: "ms" })],
  notes: [],
  seconds: 1,
  ranAt: "2026-11-25T23:00:00.000Z",
});

const write = (...results: Array<BenchResult & { ranAt: string }>) =>
  writeBenchmarksMd(file, results, "PostgreSQL", ["timeline", "pages"]);
const titles = () => [...fs.readFileSync(file, "utf8").matchAll(/^## (.+)$/gm)].map((m) => m[1]);

describe("BENCHMARKS.md", () => {
  it("a run of one part of a benchmark keeps the other part and the other benchmarks", () => {
    write(
      result("timeline", "npm run bench -- timeline", "Timeline", 1),
      result("pages", "npm run bench -- pages --section=main", "Pages main", 2),
      result("pages", "npm run bench -- pages --section=big", "Pages big", 3),
    );
    write(result("pages", "npm run bench -- pages --section=big", "Pages big again", 4));
    expect(titles()).toEqual(["Timeline", "Pages main", "Pages big again"]);
    expect(fs.readFileSync(file, "utf8")).not.toContain("| time | 3 ms");
  });

  it("a whole run of a benchmark replaces every part of it", () => {
    write(
      result("pages", "npm run bench -- pages --section=main", "Pages main", 2),
      result("pages", "npm run bench -- pages --section=big", "Pages big", 3),
    );
    write(result("pages", "npm run bench -- pages", "Pages whole", 5));
    expect(titles()).toEqual(["Pages whole"]);
  });
});
