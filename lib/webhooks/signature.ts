// Verifies the platform's `Service-Signature` header (spec 6.3) over the raw request body. Pure: the
// secrets and the clock come from the caller. Not for parsing the body (that happens only after
// this says the body is authentic).
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseSignatureHeader, SIGNATURE_TOLERANCE_SECONDS, signedPayload } from "@/lib/contract";

export type SignatureFailure = "missing" | "malformed" | "mismatch" | "stale" | "future";
export type SignatureCheck = { ok: true; timestamp: number } | { ok: false; reason: SignatureFailure };

export interface SignatureInput {
  header: string | null;
  rawBody: string;
  /** The current signing secret first, then the previous one during a rotation. */
  secrets: readonly string[];
  nowSeconds: number;
  toleranceSeconds?: number;
}

export function verifyWebhookSignature(input: SignatureInput): SignatureCheck {
  if (!input.header || input.header.trim() === "") return { ok: false, reason: "missing" };
  const parsed = parseSignatureHeader(input.header);
  if (!parsed) return { ok: false, reason: "malformed" };

  const message = signedPayload(parsed.timestamp, input.rawBody);
  const expected = input.secrets.map((secret) => createHmac("sha256", secret).update(message, "utf8").digest());
  // Every candidate against every secret, without stopping early: the time taken says nothing about
  // which part matched. Both sides are 32 bytes (the header parser only accepts 64 hex digits).
  let matched = false;
  for (const candidate of parsed.signatures) {
    const given = Buffer.from(candidate, "hex");
    for (const digest of expected) {
      if (given.length === digest.length && timingSafeEqual(given, digest)) matched = true;
    }
  }
  if (!matched) return { ok: false, reason: "mismatch" };

  // Checked after the HMAC so that an unsigned request learns nothing about our clock.
  const tolerance = input.toleranceSeconds ?? SIGNATURE_TOLERANCE_SECONDS;
  const age = input.nowSeconds - parsed.timestamp;
  if (age > tolerance) return { ok: false, reason: "stale" };
  if (age < -tolerance) return { ok: false, reason: "future" };
  return { ok: true, timestamp: parsed.timestamp };
}

/** Builds a header the way the platform does (tests, and the sandbox's own checks). */
export function signWebhookBody(rawBody: string, secret: string, timestamp: number): string {
  const v1 = createHmac("sha256", secret).update(signedPayload(timestamp, rawBody), "utf8").digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
