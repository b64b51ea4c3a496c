// One person's share of reads: how many run at once, how many wait and for how long, what a refusal
// says, and that one person's line never holds up another's.
import { describe, expect, it } from "vitest";
import { createReadGate, type Entry, type GateLimits } from "@/lib/limits/read-gate";

const gate = (limits: GateLimits) => createReadGate(() => limits);
const admitted = (e: Entry) => (e.ok ? e : Promise.reject(new Error(`refused: ${JSON.stringify(e)}`)));

describe("read gate", () => {
  it.each([
    { running: 2, waiting: 0, tries: 5, ran: 2, refusedNow: 3 },
    { running: 1, waiting: 0, tries: 3, ran: 1, refusedNow: 2 },
    { running: 3, waiting: 0, tries: 3, ran: 3, refusedNow: 0 },
  ])(
    "runs $running of $tries at once and refuses the rest without a line",
    async ({ running, waiting, tries, ran, refusedNow }) => {
      const g = gate({ running, waiting, waitMs: 1000 });
      const entries = await Promise.all(Array.from({ length: tries }, () => g.enter("u1")));
      expect(entries.filter((e) => e.ok)).toHaveLength(ran);
      expect(entries.filter((e) => !e.ok)).toHaveLength(refusedNow);
      expect(entries.find((e) => !e.ok)).toEqual(refusedNow ? { ok: false, running: ran, waiting: 0 } : undefined);
      expect(g.load("u1")).toEqual({ running: ran, waiting: 0 });
    },
  );

  it("lets the next in line in when a place frees, with its place on arrival, never more than the bound", async () => {
    const g = gate({ running: 1, waiting: 2, waitMs: Infinity });
    const first = await admitted(await g.enter("u1"));
    const second = g.enter("u1");
    const third = g.enter("u1");
    expect(await g.enter("u1")).toEqual({ ok: false, running: 1, waiting: 2 });
    expect(g.load("u1")).toEqual({ running: 1, waiting: 2 });
    first.release();
    first.release(); // twice is once
    const s = await admitted(await second);
    expect(s.position).toBe(1);
    expect(g.load("u1")).toEqual({ running: 1, waiting: 1 });
    s.release();
    const th = await admitted(await third);
    expect(th.position).toBe(2);
    th.release();
    expect(g.load("u1")).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses one that waited its time, and one whose request went away", async () => {
    const g = gate({ running: 1, waiting: 5, waitMs: 50 });
    const held = await admitted(await g.enter("u1"));
    const started = Date.now();
    expect(await g.enter("u1")).toEqual({ ok: false, running: 1, waiting: 0 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    const gone = new AbortController();
    const waiting = g.enter("u1", gone.signal);
    gone.abort();
    expect(await waiting).toEqual({ ok: false, running: 1, waiting: 0 });
    held.release();
    expect(g.load("u1")).toEqual({ running: 0, waiting: 0 });
  });

  it("keeps each person's line their own", async () => {
    const g = gate({ running: 1, waiting: 0, waitMs: 0 });
    await admitted(await g.enter("busy"));
    expect((await g.enter("busy")).ok).toBe(false);
    expect((await g.enter("other")).ok).toBe(true);
  });
});
