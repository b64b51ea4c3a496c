// Printing results on the terminal and as BENCHMARKS.md: one table per benchmark, value against
// baseline and the ratio, the goal and whether it was met, and the command that reproduces it.
import fs from "node:fs";
import os from "node:os";
import type { BenchResult, Figure } from "@/tooling/bench/result";

const verdict = (f: Figure) => (f.why ? "not measured" : f.pass === null ? "" : f.pass ? "met" : "MISSED");
const num = (n: number | null) => (n === null || Number.isNaN(n) ? "—" : String(n));
/** The value, or in its place why this run has none. */
const valueOf = (f: Figure) => (f.why ? `not measured: ${f.why}` : `${num(f.value)} ${f.unit}`);
/** Text in a Markdown table's cell: one line, its pipes escaped. */
const cell = (text: string) => text.replace(/\s+/g, " ").replace(/\|/g, "\\|");
const unfinishedLine = (r: BenchResult) => `Not measured in this run: ${r.unfinished}`;

export function formatResult(r: BenchResult): string {
  const lines = [`${r.title}   (${r.seconds.toFixed(0)} s)`, `  reproduce: ${r.command}`];
  if (r.unfinished) return [...lines, `  ${unfinishedLine(r)}`].join("\n");
  lines.push(`  baseline: ${r.baseline}`);
  for (const f of r.figures) {
    const vs = f.baseline === null ? "" : ` vs ${num(f.baseline)} ${f.unit}`;
    const ratio = f.ratio === null ? "" : `  ratio ${num(f.ratio)}`;
    const goal = f.goal ? `  goal ${f.goal}: ${verdict(f)}` : "";
    lines.push(`  ${f.name}: ${valueOf(f)}${vs}${ratio}${goal}`);
  }
  return lines.join("\n");
}

/**
 * The sections of an existing BENCHMARKS.md, by the benchmark and the command their reproduce line
 * names: a run of some benchmarks keeps the others' latest sections (their results may come from
 * another checkout), and a run of one part of a benchmark (`pages --section=big`) keeps the other's.
 */
function earlierSections(file: string): Array<{ id: string; command: string; text: string }> {
  if (!fs.existsSync(file)) return [];
  const [, ...sections] = fs.readFileSync(file, "utf8").split(/\n(?=## )/);
  return sections.flatMap((text) => {
    const found = /Reproduce: `(npm run bench -- (\w+)[^`]*)`/.exec(text);
    return found ? [{ id: found[2], command: found[1], text: text.trimEnd() }] : [];
  });
}

export function writeBenchmarksMd(
  file: string,
  results: Array<BenchResult & { ranAt: string }>,
  database: string,
  order: readonly string[],
): void {
  // A fresh result replaces the earlier section of its own command, and every section of its
  // benchmark when it ran whole (or replaces an earlier whole run).
  const whole = (id: string) => `npm run bench -- ${id}`;
  const replaces = (r: BenchResult, s: { id: string; command: string }) =>
    r.command === s.command || (r.id === s.id && (r.command === whole(r.id) || s.command === whole(s.id)));
  const kept = earlierSections(file).filter((s) => !results.some((r) => replaces(r, s)));
  const head = [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (tooling/bench/run.ts); do not edit by hand. Each figure is compared with a",
    "baseline measured in the same run, since absolute times on a shared machine drift. Rerun one",
    "benchmark with the command under its title.",
    "",
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}. Database: ${database}.`,
  ];
  const blocks: Array<{ id: string; lines: string[] }> = kept.map((s) => ({ id: s.id, lines: ["", s.text] }));
  for (const r of results) {
    const out: string[] = [];
    blocks.push({ id: r.id, lines: out });
    out.push(
      "",
      `## ${r.title}`,
      "",
      `Reproduce: \`${r.command}\` — ran ${r.ranAt.slice(0, 16).replace("T", " ")} UTC, ${r.seconds.toFixed(0)} s.`,
      "",
    );
    if (r.unfinished) {
      out.push(`${unfinishedLine(r)}.`);
      continue;
    }
    out.push(`Baseline: ${r.baseline}.`, "");
    out.push("| figure | value | baseline | ratio | goal | |", "|---|---:|---:|---:|---|---|");
    for (const f of r.figures)
      out.push(
        `| ${f.name} | ${cell(valueOf(f))} | ${f.baseline === null ? "—" : `${num(f.baseline)} ${f.unit}`} | ${num(f.ratio)} | ${f.goal ?? ""} | ${verdict(f)} |`,
      );
    if (r.notes.length) out.push("", ...r.notes.map((n) => `- ${n}`));
  }
  // In the runner's order of benchmarks, each benchmark's sections in the order they were written.
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  const sorted = blocks.map((b, i) => ({ ...b, i })).sort((a, b) => rank(a.id) - rank(b.id) || a.i - b.i);
  for (const block of sorted) head.push(...block.lines);
  fs.writeFileSync(file, `${head.join("\n")}\n`);
}
