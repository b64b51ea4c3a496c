import { describe, expect, it } from "vitest";
import { criticalPath, floorOf, within } from "@/tooling/bench/distance";
import type { TracedRequest } from "@/lib/contract";

const call = (route: string, start: number, end: number): TracedRequest => ({
  method: "GET",
  route,
  target: route,
  status: 200,
  start,
  end,
});

describe("criticalPath: the calls a request waited for one after another", () => {
  it("counts calls made at once as one round trip", () => {
    const path = criticalPath([call("a", 0, 150), call("b", 1, 160), call("c", 2, 149)]);
    expect(path.calls).toBe(1);
    expect(path.levels.map((l) => l.map((r) => r.route))).toEqual([["a", "b", "c"]]);
  });

  it("counts a first page and then the rest at once as two", () => {
    const rest = Array.from({ length: 19 }, (_, i) => call(`p${i + 2}`, 152 + i, 300 + i));
    expect(criticalPath([call("p1", 0, 150), ...rest]).calls).toBe(2);
  });

  it("follows the longest chain, whatever else overlaps it", () => {
    // a → b → c one after another; d spans a and b.
    const path = criticalPath([call("a", 0, 10), call("d", 1, 25), call("b", 11, 20), call("c", 21, 30)]);
    expect(path.calls).toBe(3);
    expect(path.levels.map((l) => l.map((r) => r.route))).toEqual([["a", "d"], ["b"], ["c"]]);
  });

  it("is zero without calls", () => {
    expect(criticalPath([]).calls).toBe(0);
  });
});

describe("within and floorOf", () => {
  it("keeps the calls that began and ended inside the window", () => {
    const trace = [call("before", 0, 5), call("inside", 10, 20), call("across", 15, 40)];
    expect(within(trace, 8, 30).map((r) => r.route)).toEqual(["inside"]);
  });

  it("is the calls in turn times the latency plus the time next door", () => {
    expect(floorOf(2, 150, 40)).toBe(340);
  });
});
