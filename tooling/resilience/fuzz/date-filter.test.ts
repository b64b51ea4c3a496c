// Bounded fuzz run (fixed seed) of the date-filter parser of spec 4: it never throws (it answers
// {ok:false}), its zod schema throws nothing but a ZodError, whatever it accepts is one of the
// four forms and formats back to exactly the trimmed input, and every valid filter round-trips.
import { ZodError } from "zod";
import { describe, expect, it } from "vitest";
import {
  DateFilterStringSchema,
  formatDateFilter,
  isCalendarDate,
  parseDateFilter,
  type DateFilter,
} from "@/lib/contract";
import { int, mutate, newRandom, pickOne, type Random } from "@/tooling/resilience/fuzz/mutate";

const CASES = 5000;
const pad2 = (n: number) => String(n).padStart(2, "0");

function calendarDay(random: Random): string {
  const y = int(random, 1900, 2100);
  const m = int(random, 1, 12);
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad2(m)}-${pad2(int(random, 1, daysInMonth))}`;
}

function validFilter(random: Random): DateFilter {
  const a = calendarDay(random);
  switch (pickOne(random, ["on", "before", "after", "between"] as const)) {
    case "on":
      return { kind: "on", date: a };
    case "before":
      return { kind: "before", date: a };
    case "after":
      return { kind: "after", date: a };
    case "between": {
      const b = calendarDay(random);
      return a <= b ? { kind: "between", from: a, to: b } : { kind: "between", from: b, to: a };
    }
  }
}

describe("date filter fuzz", () => {
  it(`round-trips ${CASES} valid filters`, () => {
    const random = newRandom(0xda7e);
    for (let i = 0; i < CASES; i++) {
      const filter = validFilter(random);
      const text = formatDateFilter(filter);
      expect(parseDateFilter(text), text).toEqual({ ok: true, filter });
      expect(parseDateFilter(`  ${text}\t`)).toEqual({ ok: true, filter });
      expect(DateFilterStringSchema.parse(text)).toBe(text);
    }
  });

  it(`never throws on ${CASES} mutated filters; what it accepts formats back to the input`, () => {
    const random = newRandom(0x0bad);
    let accepted = 0;
    for (let i = 0; i < CASES; i++) {
      const input = mutate(random, formatDateFilter(validFilter(random)));
      let result: ReturnType<typeof parseDateFilter> | undefined;
      expect(() => (result = parseDateFilter(input)), JSON.stringify(input)).not.toThrow();
      if (result!.ok) {
        accepted += 1;
        const f = result!.filter;
        expect(formatDateFilter(f), JSON.stringify(input)).toBe(input.trim());
        for (const day of f.kind === "between" ? [f.from, f.to] : [f.date]) expect(isCalendarDate(day)).toBe(true);
        if (f.kind === "between") expect(f.from <= f.to).toBe(true);
      } else {
        expect(result!.message).toMatch(/yyyy-mm-dd/);
      }
      // The schema agrees with the parser and fails only with its own error type.
      expect(DateFilterStringSchema.safeParse(input).success).toBe(result!.ok);
      try {
        DateFilterStringSchema.parse(input);
      } catch (error) {
        expect(error).toBeInstanceOf(ZodError);
      }
    }
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(CASES);
  });
});
