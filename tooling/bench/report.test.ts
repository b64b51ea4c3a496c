// BENCHMARKS.md keeps what a run did not measure: another benchmark's section, and the other part of
// a benchmark run in parts (`pages --section=big` keeps `pages --section=main`). What a run tried
// and could not measure says why in place of the figure, never an older run's figure.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { writeBenchmarksMd } from "@/tooling/bench/report";
import { figure, unfinishedResult, unmeasured, type BenchResult } from "@/tooling/bench/result";

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

  it("a figure this run could not measure says why in its place, on one line of its table", () => {
    write({
      ...result("timeline", "npm run bench -- timeline", "Timeline", 1),
      figures: [
        figure({ name: "first page p95", value: 7.5, unit: "ms", goal: "p95 < 50 ms", pass: true }),
        unmeasured("search p95", "ms", "the search failed:\ncanceling statement | 57014", "p95 < 50 ms"),
      ],
    });
    const text = fs.readFileSync(file, "utf8");
    expect(text).toContain("| first page p95 | 7.5 ms | — | — | p95 < 50 ms | met |");
    expect(text).toContain(
      "| search p95 | not measured: the search failed: canceling statement \\| 57014 | — | — | p95 < 50 ms | not measured |",
    );
  });

  it("a benchmark that did not finish replaces its earlier figures with why", () => {
    write(result("pages", "npm run bench -- pages --section=main", "Pages main", 2));
    write({
      ...unfinishedResult("pages", "main", "it did not finish within 30 minutes", 1800),
      ranAt: "2026-11-26T00:00:00.000Z",
    });
    const text = fs.readFileSync(file, "utf8");
    expect(titles()).toEqual(["Pages (main): not measured in this run"]);
    expect(text).toContain("Not measured in this run: it did not finish within 30 minutes.");
    expect(text).not.toContain("| time | 2 ms");
  });
});
