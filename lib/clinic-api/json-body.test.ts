// The body sent for an upload is the same JSON as JSON.stringify would write, byte for byte.
import { describe, expect, it } from "vitest";
import { DataUri, encodeJsonBody } from "@/lib/clinic-api/json-body";

const text = (body: string | Uint8Array) => (typeof body === "string" ? body : Buffer.from(body).toString("utf8"));

describe("encodeJsonBody", () => {
  it("writes a DataUri field into the bytes of the same JSON JSON.stringify writes", () => {
    const bytes = new Uint8Array(150_001).map((_, i) => (i * 31) % 256);
    const body = {
      name: 'Café "menu" — ✓',
      type: undefined,
      save_to_library: true,
      attachment: new DataUri("application/pdf", bytes.subarray(1)),
      attachment_filename: "menu\u202e.pdf",
      nested: { a: [1, null] },
    };
    const sent = encodeJsonBody(body);
    expect(sent).toBeInstanceOf(Uint8Array);
    expect(text(sent)).toBe(JSON.stringify(body));
    const parsed = JSON.parse(text(sent)) as { attachment: string };
    expect(parsed.attachment).toBe(`data:application/pdf;base64,${Buffer.from(bytes.subarray(1)).toString("base64")}`);
  });

  it("a body without a DataUri, or one that is not a plain object, is JSON.stringify's text", () => {
    expect(encodeJsonBody({ name: "x", attachment: "data:text/plain;base64,eA==" })).toBe(
      '{"name":"x","attachment":"data:text/plain;base64,eA=="}',
    );
    expect(encodeJsonBody([new DataUri("text/plain", new Uint8Array([120]))])).toBe('["data:text/plain;base64,eA=="]');
  });

  it("writes the base64 of every length (padding at the end only)", () => {
    for (const n of [0, 1, 2, 3, 49_151, 49_152, 49_153, 98_305]) {
      const bytes = new Uint8Array(n).map((_, i) => (i * 7 + n) % 256);
      const sent = encodeJsonBody({ attachment: new DataUri("application/pdf", bytes) });
      expect(text(sent)).toBe(
        JSON.stringify({ attachment: `data:application/pdf;base64,${Buffer.from(bytes).toString("base64")}` }),
      );
    }
  });

  it("a DataUri as the only field", () => {
    const sent = encodeJsonBody({ attachment: new DataUri("image/png", new Uint8Array([1, 2, 3])) });
    expect(text(sent)).toBe('{"attachment":"data:image/png;base64,AQID"}');
  });
});
