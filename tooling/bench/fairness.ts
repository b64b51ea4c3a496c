// Benchmark: one person's load against everyone else. The built app and the sandbox in
// their own processes; one clinic with EVENTS stored events. In the same run, first without the
// attack (the baseline), then with it: one practitioner of that clinic sends SEARCHERS timeline
// searches at once, over and over (terms whose trigrams are all common, so each matches nothing
// after reading much of the clinic, and terms no index serves), and EXPORTS full CSV exports at
// once. Throughout both phases, the platform delivers webhooks at WEBHOOK_RATE a second and a
// practitioner of another clinic opens their pages one after another. Goals: webhook
// acknowledgement p99 < 1 s, the other clinic's pages < 1 s, every acknowledged delivery stored.
// Between the baseline and the search attack, the same practitioner sends UPLOADERS 10 MB uploads
// at once, over and over, while the app server's resident memory is sampled (as in the baseline):
// its peak must stay within UPLOAD_RSS_GOAL_MIB of the baseline's. Then two hostile senders, each a
// phase of its own (tooling/bench/fairness-hostile.ts): connections with no session trickling a
// declared 2 GB body, and a burst of large catalog news across a hundred clinics; in both, another
// clinic's new event must be processed within PROCESSED_GOAL_MS.
import { spawn } from "node:child_process";
import os from "node:os";
import { Chromium, SignedIn } from "@/tooling/bench/pages/chromium";
import { startStack, type Stack } from "@/tooling/bench/pages/stack";
import { ttfb } from "@/tooling/bench/pages/timing";
import { benchCommand, figure, type BenchResult } from "@/tooling/bench/result";
import { round, summarize, type LatencySummary } from "@/tooling/bench/stats";
import { cpuSeconds, ensureBuiltApp, sampleResident, sleep } from "@/tooling/bench/support";
import {
  addCatalogClinics,
  CATALOG_CLINICS,
  CATALOG_EVENTS,
  catalogBurst,
  catalogCopies,
  patientCreatedBody,
  postSigned,
  processedWithin,
  SLOW_BODIES,
  slowBodyAttack,
  smallUploads,
  type SlowBodies,
} from "@/tooling/bench/fairness-hostile";
import { fillEvents } from "@/tooling/bench/timeline-data";
import { queryOnce, withClient } from "@/tooling/testing/database";

const EVENTS = 300_000;
const SEARCHERS = 30;
const EXPORTS = 6;
const BASELINE_SECONDS = 20;
const ATTACK_SECONDS = 45;
const WEBHOOK_RATE = 20;
const GOAL_MS = 1000;
/** Trigrams all common in the stored data, the whole term in none; then terms no trigram serves. */
const COSTLY_TERMS = ["name_first", "Name note rec", "note Name id", "rec_ Name_ note_", "%", "ab", "\\"];
const OTHER_PAGES = ["/events", "/patients", "/"];
const UPLOADERS = 30;
const UPLOAD_BYTES = 10 * 1000 * 1000;
const UPLOAD_SECONDS = 20;
const SLOW_SECONDS = 30;
const CATALOG_SECONDS = 30;
/** Another clinic's new event is processed within this, whatever the catalog or a slow sender does. */
const PROCESSED_GOAL_MS = 10_000;
/** One person's uploads may cost the process this much memory over the baseline's peak, whatever they send. */
const UPLOAD_RSS_GOAL_MIB = 256;

interface Phase {
  acks: number[];
  sent: string[];
  acked: string[];
  notAcked: number;
  pages: number[];
  /** The same times by path. */
  pagesByPath: Map<string, number[]>;
  pageFailures: number;
  searches: Map<number, number>;
  searchTimes: number[];
  exportsDone: number;
  exportsRefused: number;
  exportsCut: number;
  exportSeconds: number[];
  uploads: Map<number, number>;
  /** Slow bodies' answers by status, and the connections they made (tooling/bench/fairness-hostile.ts). */
  slow: SlowBodies | null;
  /** Catalog deliveries' answers by status. */
  catalog: Map<number, number>;
  /** Another clinic's event delivered after the phase's attack began: ms until processed. */
  processedMs: number;
  /** The app server's VmRSS samples, MiB. */
  rss: number[];
  /** The app server's CPU use over the phase: 1 is one core busy throughout. */
  appCpu: number;
}

/** Open-loop webhook deliveries at WEBHOOK_RATE until `until`; latency from each one's scheduled start. */
async function deliver(stack: Stack, clinicId: string, tag: string, until: number, into: Phase): Promise<void> {
  const url = `${stack.appUrl}/api/webhooks/clinic`;
  const start = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; Date.now() < until; i++) {
    const due = start + (i * 1000) / WEBHOOK_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const id = `evt_fair_${tag}_${i}`;
    into.sent.push(id);
    inFlight.push(
      postSigned(url, patientCreatedBody(id, clinicId)).then(
        async (response) => {
          await response.arrayBuffer();
          if (response.status === 200) {
            into.acks.push(performance.now() - due);
            into.acked.push(id);
          } else into.notAcked += 1;
        },
        () => {
          into.notAcked += 1;
        },
      ),
    );
  }
  await Promise.all(inFlight);
}

async function browseOtherClinic(stack: Stack, cookie: string, until: number, into: Phase): Promise<void> {
  for (let i = 0; Date.now() < until; i++) {
    const path = OTHER_PAGES[i % OTHER_PAGES.length];
    try {
      const ms = await ttfb(`${stack.appUrl}${path}`, cookie);
      into.pages.push(ms);
      into.pagesByPath.set(path, [...(into.pagesByPath.get(path) ?? []), ms]);
    } catch {
      into.pageFailures += 1;
    }
  }
}

async function search(stack: Stack, cookie: string, until: number, offset: number, into: Phase): Promise<void> {
  for (let i = offset; Date.now() < until; i++) {
    const q = COSTLY_TERMS[i % COSTLY_TERMS.length];
    const started = performance.now();
    try {
      const response = await fetch(`${stack.appUrl}/api/events?q=${encodeURIComponent(q)}`, { headers: { cookie } });
      await response.arrayBuffer();
      into.searches.set(response.status, (into.searches.get(response.status) ?? 0) + 1);
      into.searchTimes.push(performance.now() - started);
    } catch {
      into.searches.set(0, (into.searches.get(0) ?? 0) + 1);
    }
  }
}

async function exportLoop(stack: Stack, cookie: string, until: number, into: Phase): Promise<void> {
  while (Date.now() < until) {
    const started = performance.now();
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(), Math.max(0, until - Date.now()));
    try {
      const response = await fetch(`${stack.appUrl}/api/events/export`, { headers: { cookie }, signal: stop.signal });
      if (response.status === 429) {
        into.exportsRefused += 1;
        await response.arrayBuffer();
        await sleep(1000);
        continue;
      }
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) void chunk;
      into.exportsDone += 1;
      into.exportSeconds.push((performance.now() - started) / 1000);
    } catch {
      into.exportsCut += 1; // the phase ended while it streamed (or waited its turn)
    } finally {
      clearTimeout(timer);
    }
  }
}

function emptyPhase(): Phase {
  return {
    acks: [],
    sent: [],
    acked: [],
    notAcked: 0,
    pages: [],
    pagesByPath: new Map(),
    pageFailures: 0,
    searches: new Map(),
    searchTimes: [],
    exportsDone: 0,
    exportsRefused: 0,
    exportsCut: 0,
    exportSeconds: [],
    uploads: new Map(),
    slow: null,
    catalog: new Map(),
    processedMs: Number.NaN,
    rss: [],
    appCpu: Number.NaN,
  };
}

/**
 * The attacker's UPLOADERS upload loops, in a process of their own so that building thirty 10 MB
 * bodies does not stall this process's webhook deliveries and page timings: each POSTs a PDF (by
 * its first bytes, what the route checks) of UPLOAD_BYTES, and sends it again 100 ms after a
 * refusal (429, 503). Resolves with the answers by HTTP status (0: no answer).
 */
function uploadAttack(stack: Stack, cookie: string, until: number): Promise<Map<number, number>> {
  const script = `
    const bytes = new Uint8Array(${UPLOAD_BYTES});
    bytes.set(new TextEncoder().encode("%PDF-1.4\\n"));
    const file = new Blob([bytes], { type: "application/pdf" });
    const until = ${until};
    const statuses = {};
    const loop = async (n) => {
      for (let i = 0; Date.now() < until; i++) {
        const form = new FormData();
        form.set("name", "Bench upload " + n + "-" + i);
        form.set("save_to_library", "true");
        form.set("file", file, "bench.pdf");
        let status = 0;
        try {
          const r = await fetch(process.env.UPLOAD_URL, { method: "POST", headers: { cookie: process.env.UPLOAD_COOKIE }, body: form });
          await r.arrayBuffer();
          status = r.status;
        } catch {}
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (status !== 201) await new Promise((r) => setTimeout(r, 100));
      }
    };
    Promise.all(Array.from({ length: ${UPLOADERS} }, (_, n) => loop(n))).then(() => console.log(JSON.stringify(statuses)));
  `;
  const child = spawn(process.execPath, ["-e", script], {
    env: { ...process.env, UPLOAD_URL: `${stack.appUrl}/api/resources`, UPLOAD_COOKIE: cookie },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) return reject(new Error(`the upload attack exited with ${code}`));
      const counts = JSON.parse(out) as Record<string, number>;
      resolve(new Map(Object.entries(counts).map(([status, n]) => [Number(status), n])));
    });
  });
}

async function runPhase(
  stack: Stack,
  cookies: { attacker: string; other: string },
  otherClinicId: string,
  tag: string,
  seconds: number,
  attack: "searches" | "uploads" | "slow-bodies" | "catalog" | null,
): Promise<Phase> {
  const phase = emptyPhase();
  const until = Date.now() + seconds * 1000;
  const pid = stack.app.child.pid ?? 0;
  const sampler = sampleResident(pid, 100);
  const [cpuBefore, startedAt] = [cpuSeconds(pid), performance.now()];
  await Promise.all([
    deliver(stack, otherClinicId, tag, until, phase),
    browseOtherClinic(stack, cookies.other, until, phase),
    ...(attack === "searches"
      ? [
          ...Array.from({ length: SEARCHERS }, (_, i) => search(stack, cookies.attacker, until, i, phase)),
          ...Array.from({ length: EXPORTS }, () => exportLoop(stack, cookies.attacker, until, phase)),
        ]
      : []),
    ...(attack === "uploads"
      ? [uploadAttack(stack, cookies.attacker, until).then((statuses) => void (phase.uploads = statuses))]
      : []),
    ...(attack === "slow-bodies"
      ? [
          slowBodyAttack(stack, until).then((slow) => void (phase.slow = slow)),
          smallUploads(stack, cookies.attacker, until).then((statuses) => void (phase.uploads = statuses)),
          sleep(3000).then(
            async () => void (phase.processedMs = await processedWithin(stack, otherClinicId, `evt_${tag}_probe`)),
          ),
        ]
      : []),
    ...(attack === "catalog"
      ? [
          (async () => {
            const burst = catalogBurst(stack, tag).then((statuses) => void (phase.catalog = statuses));
            await sleep(1000); // the burst under way, its processing starting
            phase.processedMs = await processedWithin(stack, otherClinicId, `evt_${tag}_probe`);
            await burst;
          })(),
        ]
      : []),
  ]);
  phase.rss = sampler.stop().filter(Number.isFinite);
  phase.appCpu = (cpuSeconds(pid) - cpuBefore) / ((performance.now() - startedAt) / 1000);
  return phase;
}

/** What a hostile phase must keep: webhooks answered, another clinic's pages, its new event processed soon. */
function hostileFigures(name: string, phase: Phase, lost: number, baseAcks: LatencySummary, basePages: LatencySummary) {
  const [acks, pages] = [summarize(phase.acks), summarize(phase.pages)];
  return [
    figure({
      name: `${name}: webhook acknowledgement p99`,
      value: round(acks.p99),
      unit: "ms",
      baseline: round(baseAcks.p99),
      ratio: round(acks.p99 / baseAcks.p99),
      goal: `< ${GOAL_MS} ms`,
      pass: acks.p99 < GOAL_MS,
    }),
    figure({
      name: `${name}: another clinic's pages: time to first byte max`,
      value: round(pages.max),
      unit: "ms",
      baseline: round(basePages.max),
      ratio: round(pages.max / basePages.max),
      goal: `< ${GOAL_MS} ms`,
      pass: pages.max < GOAL_MS && phase.pageFailures === 0,
    }),
    figure({
      name: `${name}: another clinic's new event processed within`,
      value: round(phase.processedMs),
      unit: "ms",
      goal: `< ${PROCESSED_GOAL_MS} ms`,
      pass: phase.processedMs < PROCESSED_GOAL_MS,
    }),
    figure({
      name: `${name}: webhooks acknowledged but not stored, or not acknowledged`,
      value: lost + phase.notAcked,
      unit: "events",
      goal: "0",
      pass: lost + phase.notAcked === 0,
    }),
  ];
}

async function lostOf(stack: Stack, phase: Phase): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    stack.database.url,
    "SELECT count(*) AS n FROM events WHERE id = ANY($1)",
    [phase.acked],
  );
  return phase.acked.length - Number(rows[0]?.n ?? 0);
}

export async function benchFairness(): Promise<BenchResult[]> {
  const started = performance.now();
  await ensureBuiltApp();
  const chromium = new Chromium();
  let stack: Stack | undefined;
  try {
    stack = await startStack("fairness");
    // Signed in again on a fresh context should chromium close under the sign-in (a busy machine).
    const cookies = {
      attacker: await new SignedIn(chromium, stack, /\(Practitioner\)/, 0).cookie(),
      other: await new SignedIn(chromium, stack, /\(Practitioner\)/, 1).cookie(),
    };
    const clinicOf = async (cookie: string): Promise<string> =>
      (
        (await (await fetch(`${stack!.appUrl}/api/auth/session`, { headers: { cookie } })).json()) as {
          user: { clinicId: string };
        }
      ).user.clinicId;
    const [attackerClinic, otherClinic] = [await clinicOf(cookies.attacker), await clinicOf(cookies.other)];
    if (attackerClinic === otherClinic) throw new Error("both practitioners are of one clinic");
    const fillStarted = performance.now();
    await withClient(stack.database.url, (c) => fillEvents(c, EVENTS, attackerClinic));
    const fillSeconds = (performance.now() - fillStarted) / 1000;
    // Warm both sessions' pages once (first compiles of the server's code paths are not the attack's).
    await runPhase(stack, cookies, otherClinic, "warm", 3, null);

    const base = await runPhase(stack, cookies, otherClinic, "base", BASELINE_SECONDS, null);
    // Uploads first: a process's resident memory rarely shrinks back, so the searches' would hide theirs.
    const uploaded = await runPhase(stack, cookies, otherClinic, "uploads", UPLOAD_SECONDS, "uploads");
    const [uploadLoad] = os.loadavg();
    const slowed = await runPhase(stack, cookies, otherClinic, "slow", SLOW_SECONDS, "slow-bodies");
    await addCatalogClinics(stack);
    const news = await runPhase(stack, cookies, otherClinic, "catalog", CATALOG_SECONDS, "catalog");
    const copies = await catalogCopies(stack, "catalog");
    const hit = await runPhase(stack, cookies, otherClinic, "attack", ATTACK_SECONDS, "searches");
    const [load] = os.loadavg(); // other work on the machine shows here: the figures are only as quiet as it was
    await sleep(2000); // the last deliveries' commits
    const [baseLost, hitLost, uploadLost, slowLost, newsLost] = [
      await lostOf(stack, base),
      await lostOf(stack, hit),
      await lostOf(stack, uploaded),
      await lostOf(stack, slowed),
      await lostOf(stack, news),
    ];
    const rssPeak = (p: Phase) => Math.max(0, ...p.rss);

    const acks = [summarize(base.acks), summarize(hit.acks)];
    const pages = [summarize(base.pages), summarize(hit.pages)];
    const uploadAcks = [acks[0], summarize(uploaded.acks)];
    const uploadPages = [pages[0], summarize(uploaded.pages)];
    const uploadStatuses = Object.fromEntries([...uploaded.uploads.entries()].sort(([a], [b]) => a - b));
    const searchTimes: LatencySummary = summarize(hit.searchTimes);
    const statuses = Object.fromEntries([...hit.searches.entries()].sort(([a], [b]) => a - b));
    const versus = (
      name: string,
      unit: string,
      pick: (s: LatencySummary) => number,
      pair: LatencySummary[],
      goal?: number,
    ) =>
      figure({
        name,
        value: round(pick(pair[1])),
        unit,
        baseline: round(pick(pair[0])),
        ratio: round(pick(pair[1]) / pick(pair[0])),
        ...(goal !== undefined ? { goal: `< ${goal} ms`, pass: pick(pair[1]) < goal } : {}),
      });
    return [
      {
        id: "fairness",
        title: `Fairness: one practitioner's ${SEARCHERS} parallel searches and ${EXPORTS} exports over ${EVENTS.toLocaleString("en")} events, against webhooks and another clinic`,
        command: benchCommand("fairness"),
        baseline: `the same webhooks and the other clinic's pages in the same run, ${BASELINE_SECONDS} s without the attack`,
        figures: [
          versus("webhook acknowledgement p99", "ms", (s) => s.p99, acks, GOAL_MS),
          versus("webhook acknowledgement max", "ms", (s) => s.max, acks),
          versus("another clinic's pages: time to first byte p95", "ms", (s) => s.p95, pages),
          versus("another clinic's pages: time to first byte max", "ms", (s) => s.max, pages, GOAL_MS),
          figure({
            name: "webhooks acknowledged but not stored (lost)",
            value: hitLost,
            unit: "events",
            baseline: baseLost,
            goal: "0",
            pass: hitLost === 0 && baseLost === 0,
          }),
          figure({
            name: "webhooks not acknowledged",
            value: hit.notAcked,
            unit: "requests",
            baseline: base.notAcked,
            goal: "0",
            pass: hit.notAcked === 0 && base.notAcked === 0,
          }),
          figure({
            name: "another clinic's pages that failed",
            value: hit.pageFailures,
            unit: "requests",
            baseline: base.pageFailures,
            goal: "0",
            pass: hit.pageFailures === 0 && base.pageFailures === 0,
          }),
          figure({ name: "attacker: searches answered (any status)", value: hit.searchTimes.length, unit: "requests" }),
          figure({ name: "attacker: search answer time p50", value: round(searchTimes.p50), unit: "ms" }),
          figure({ name: "attacker: search answer time max", value: round(searchTimes.max), unit: "ms" }),
          figure({ name: "attacker: exports read whole", value: hit.exportsDone, unit: "exports" }),
          figure({ name: "attacker: exports told to wait (429)", value: hit.exportsRefused, unit: "requests" }),
          versus("uploads: webhook acknowledgement p99", "ms", (s) => s.p99, uploadAcks, GOAL_MS),
          versus("uploads: another clinic's pages: time to first byte max", "ms", (s) => s.max, uploadPages, GOAL_MS),
          figure({
            name: `uploads: app server RSS peak under ${UPLOADERS} parallel 10 MB uploads`,
            value: round(rssPeak(uploaded)),
            unit: "MiB",
            baseline: round(rssPeak(base)),
            ratio: round(rssPeak(uploaded) / rssPeak(base)),
            goal: `< baseline + ${UPLOAD_RSS_GOAL_MIB} MiB`,
            pass: rssPeak(uploaded) < rssPeak(base) + UPLOAD_RSS_GOAL_MIB,
          }),
          figure({
            name: "uploads: webhooks acknowledged but not stored, or not acknowledged",
            value: uploadLost + uploaded.notAcked,
            unit: "events",
            goal: "0",
            pass: uploadLost + uploaded.notAcked === 0,
          }),
          figure({ name: "attacker: uploads stored (201)", value: uploaded.uploads.get(201) ?? 0, unit: "uploads" }),
          ...hostileFigures("slow bodies", slowed, slowLost, acks[0], pages[0]),
          figure({
            name: "slow bodies: a practitioner's 1 MB uploads stored, of those sent",
            value: slowed.uploads.get(201) ?? 0,
            unit: "uploads",
            baseline: [...slowed.uploads.values()].reduce((a, b) => a + b, 0),
            goal: "all",
            pass: [...slowed.uploads.keys()].every((status) => status === 201),
          }),
          ...hostileFigures("catalog news", news, newsLost, acks[0], pages[0]),
          figure({ name: "catalog news: copies filed", value: copies, unit: "events" }),
        ],
        notes: [
          `${EVENTS.toLocaleString("en")} events of the attacker's clinic written with INSERT … SELECT in ${fillSeconds.toFixed(0)} s (90% in it, 10% in a third clinic); the built app server and the sandbox in their own processes, the app's default limits (people's pool 10 with a ${3000} ms statement bound, one core per statement, webhook and job pool 5, 1 read and 1 export at a time per person, an export resting after each batch as long as it took, 12 MiB of upload bodies per person).`,
          `Both phases: signed webhook deliveries (patient.created of the other clinic) at ${WEBHOOK_RATE}/s open loop, latency from each one's scheduled start; the other clinic's practitioner requesting ${OTHER_PAGES.join(", ")} in turn, one at a time (${pages[0].count} requests in the baseline, ${pages[1].count} under attack). Warm-up of 3 s before the baseline.`,
          `Attack (${ATTACK_SECONDS} s): ${SEARCHERS} loops of GET /api/events?q=… cycling through ${JSON.stringify(COSTLY_TERMS)}, and ${EXPORTS} loops of GET /api/events/export (everything) read whole, a 429 retried after 1 s; exports still running at the phase's end are cut (${hit.exportsCut}).`,
          `Another clinic's pages by path, time to first byte p95 / max, in the baseline → under the attack: ${OTHER_PAGES.map(
            (path) => {
              const [b, h] = [base, hit].map((p) => summarize(p.pagesByPath.get(path) ?? []));
              return `${path} ${round(b.p95)} / ${round(b.max)} ms → ${round(h.p95)} / ${round(h.max)} ms`;
            },
          ).join("; ")}.`,
          `Attacker's search answers by HTTP status: ${JSON.stringify(statuses)} (200 answered, 409 too broad at the statement bound, 422 refused before running, 429 told to wait).`,
          `Load average over the last minute when the attack ended: ${load.toFixed(1)} on ${os.cpus().length} cores (${uploadLoad.toFixed(1)} when the uploads ended).`,
          `The app server's CPU use (cores busy, from /proc): ${base.appCpu.toFixed(2)} in the baseline, ${uploaded.appCpu.toFixed(2)} under the uploads, ${hit.appCpu.toFixed(2)} under the searches and exports (one Node process uses at most about 1 core for its JavaScript).`,
          `Uploads (${UPLOAD_SECONDS} s, after the baseline, before the searches): ${UPLOADERS} loops of POST /api/resources (multipart, a ${UPLOAD_BYTES.toLocaleString("en")}-byte PDF), in a process of their own, a refusal sent again after 100 ms; answers by HTTP status: ${JSON.stringify(uploadStatuses)} (201 stored, 429 told to wait, 503 the process's bound). The app server's VmRSS sampled every 100 ms in the baseline and in this phase.`,
          `Slow bodies (${SLOW_SECONDS} s): ${SLOW_BODIES} connections with no session, each declaring Content-Length: 2000000000 on POST /api/resources and sending a byte every 5 s, reconnecting when answered (${slowed.slow?.connections ?? 0} connections; answers by HTTP status ${JSON.stringify(Object.fromEntries(slowed.slow?.statuses ?? []))}, 0 cut without one); meanwhile a practitioner uploads a 1 MB PDF every 0.5 s (answers ${JSON.stringify(Object.fromEntries(slowed.uploads))}); 3 s in, another clinic's patient.created is delivered and timed until processed.`,
          `Catalog news (${CATALOG_SECONDS} s): ${CATALOG_CLINICS} more clinics in the database, each with a connection that needs a new sign-in (so each files a copy, and no job calls the platform for them); ${CATALOG_EVENTS} signed product.created deliveries of about 200 KB each (a long description), ten at a time (answers ${JSON.stringify(Object.fromEntries(news.catalog))}); 1 s in, another clinic's patient.created is delivered and timed until processed.`,
          `Exports read whole took ${hit.exportSeconds.map((s) => s.toFixed(1)).join(", ") || "—"} s (one at a time per person: the others waited their turn or were told to).`,
        ],
        seconds: (performance.now() - started) / 1000,
      },
    ];
  } finally {
    await chromium.close();
    await stack?.stop().catch(() => undefined);
  }
}
