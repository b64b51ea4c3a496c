// The header's alert count, read from the poll's answer by hand (no zod in every page's header):
// only a whole, non-negative count in an `ok` answer is taken.
import { describe, expect, it } from "vitest";
import { needAttentionOf } from "@/components/alerts/alerts-indicator";

describe("needAttentionOf", () => {
  it.each([
    [{ ok: true, data: { needAttention: 3 } }, 3],
    [{ ok: true, data: { needAttention: 0 } }, 0],
    [{ ok: true, data: { needAttention: -1 } }, null],
    [{ ok: true, data: { needAttention: 1.5 } }, null],
    [{ ok: true, data: { needAttention: "3" } }, null],
    [{ ok: false, data: { needAttention: 3 } }, null],
    [{ ok: true, data: null }, null],
    [{ ok: true }, null],
    [null, null],
    ["3", null],
  ])("reads %j as %j", (body, count) => {
    expect(needAttentionOf(body)).toBe(count);
  });
});
