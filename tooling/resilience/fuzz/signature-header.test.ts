// Bounded fuzz run (fixed seed) of the webhook signature header parser and the verifier on top of
// it: whatever the header and body, neither throws (the parser answers null, the verifier a
// reason), nothing forged is accepted, and every valid header — with spaces, several v1 entries
// and unknown keys — parses to exactly its timestamp and signatures.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseSignatureHeader } from "@/lib/contract";
import { signWebhookBody, verifyWebhookSignature } from "@/lib/webhooks/signature";
import { int, mutate, newRandom, pickOne, type Random } from "@/tooling/resilience/fuzz/mutate";

const CASES = 5000;
const SECRET = "fuzz-signing-secret";
const NOW = 1_760_000_000;

const hex64 = (random: Random) => Array.from({ length: 64 }, () => "0123456789abcdef"[int(random, 0, 15)]).join("");

/** A valid header and what it must parse to. */
function validHeader(random: Random): { header: string; timestamp: number; signatures: string[] } {
  const timestamp = int(random, 0, 2 ** 40);
  const signatures = Array.from({ length: int(random, 1, 3) }, () => hex64(random));
  const pad = () => pickOne(random, ["", " ", "  "]);
  const parts = [`${pad()}t=${pad()}${timestamp}${pad()}`, ...signatures.map((s) => `${pad()}v1=${s}${pad()}`)];
  // Unknown schemes are ignored (spec 6.3: compare only v1).
  if (random() < 0.3) parts.splice(int(random, 0, parts.length), 0, `v0=${hex64(random)}`);
  if (random() < 0.2) parts.splice(int(random, 0, parts.length), 0, "scheme=next");
  return { header: parts.join(","), timestamp, signatures };
}

describe("signature header fuzz", () => {
  it(`round-trips ${CASES} valid headers`, () => {
    const random = newRandom(0x5167);
    for (let i = 0; i < CASES; i++) {
      const { header, timestamp, signatures } = validHeader(random);
      const parsed = parseSignatureHeader(header);
      expect(parsed, header).toEqual({ timestamp, signatures });
      // And back: the canonical form of what was parsed parses to the same thing.
      const canonical = `t=${parsed!.timestamp},${parsed!.signatures.map((s) => `v1=${s}`).join(",")}`;
      expect(parseSignatureHeader(canonical)).toEqual(parsed);
    }
  });

  it(`never throws on ${CASES} mutated headers, and what it accepts is well-formed`, () => {
    const random = newRandom(0xbad5);
    for (let i = 0; i < CASES; i++) {
      const header = mutate(random, validHeader(random).header);
      let parsed: ReturnType<typeof parseSignatureHeader> = null;
      expect(() => (parsed = parseSignatureHeader(header)), JSON.stringify(header)).not.toThrow();
      if (parsed === null) continue;
      const { timestamp, signatures } = parsed as { timestamp: number; signatures: string[] };
      expect(timestamp, JSON.stringify(header)).toBeGreaterThanOrEqual(0);
      expect(signatures.length).toBeGreaterThan(0);
      for (const s of signatures) expect(s).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it(`the verifier never throws and never accepts a forgery over ${CASES} hostile requests`, () => {
    const random = newRandom(0xf00d);
    let accepted = 0;
    for (let i = 0; i < CASES; i++) {
      const body = mutate(random, '{"event":{"id":"evt_1","type":"patient.created"}}');
      const genuine = signWebhookBody(body, SECRET, NOW - int(random, 0, 200));
      // Half the cases mutate a genuine header (a flipped character must not pass), half sign with a
      // wrong secret and then mutate.
      const header =
        random() < 0.5 ? mutate(random, genuine) : mutate(random, signWebhookBody(body, "other-secret", NOW));
      const check = verifyWebhookSignature({ header, rawBody: body, secrets: [SECRET], nowSeconds: NOW });
      if (check.ok) {
        accepted += 1;
        // Only possible when the mutation left a genuine v1 for this exact body in place.
        const expected = createHmac("sha256", SECRET).update(`${check.timestamp}.${body}`, "utf8").digest("hex");
        expect(header, JSON.stringify(header)).toContain(expected);
      } else {
        expect(["missing", "malformed", "mismatch", "stale", "future"]).toContain(check.reason);
      }
    }
    // Some mutations (padding, a cut-off after the signature) keep a genuine header genuine: the run
    // really exercised both outcomes.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(CASES / 2);
  });
});
