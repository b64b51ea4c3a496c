// The body cap holds whether or not the client declares a length: a chunked body that never ends is
// cut off just past the cap, and its source is not read further.
import { describe, expect, it } from "vitest";
import { readTextCapped } from "@/lib/http/capped-body";

const CAP = 1000;
const URL_ = "http://app.test/in";

/** A chunked body of `chunks` chunks of `size` bytes ("x"), counting how many were pulled. */
function chunked(chunks: number, size: number, headers: Record<string, string> = {}) {
  const pulled = { count: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === chunks) return controller.close();
      pulled.count++;
      controller.enqueue(new Uint8Array(size).fill(0x78));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  const init: RequestInit & { duplex: "half" } = { method: "POST", body, headers, duplex: "half" };
  return { request: new Request(URL_, init), pulled };
}

describe("readTextCapped", () => {
  const rows: Array<[string, () => Request, string | null]> = [
    ["declared and under the cap", () => new Request(URL_, { method: "POST", body: "hello" }), "hello"],
    ["declared at the cap", () => new Request(URL_, { method: "POST", body: "x".repeat(CAP) }), "x".repeat(CAP)],
    ["declared over the cap", () => new Request(URL_, { method: "POST", body: "x".repeat(CAP + 1) }), null],
    ["declaring less than it sends", () => chunked(3, 400, { "content-length": "10" }).request, null],
    ["chunked and under the cap", () => chunked(2, 500).request, "x".repeat(CAP)],
    ["chunked and over the cap", () => chunked(3, 400).request, null],
    ["no body", () => new Request(URL_, { method: "POST" }), ""],
    ["UTF-8 text", () => new Request(URL_, { method: "POST", body: "é✓" }), "é✓"],
    ["a leading byte-order mark is kept", () => new Request(URL_, { method: "POST", body: "\uFEFF{}" }), "\uFEFF{}"],
  ];
  it.each(rows)("%s", async (_label, request, expected) => {
    expect(await readTextCapped(request(), CAP)).toBe(expected);
  });

  it("stops reading a body that never ends just past the cap", async () => {
    const { request, pulled } = chunked(Infinity, 100);
    expect(await readTextCapped(request, CAP)).toBeNull();
    expect(pulled.count).toBeLessThan(20);
    expect(pulled.cancelled).toBe(true);
  });
});
