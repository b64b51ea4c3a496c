// The signature header's value (spec 6.3): `t=<unix seconds>,v1=<hex hmac-sha256 of "t.body">`. The
// header is Service-Signature unless CLINIC_SIGNATURE_HEADER names another (state.headerNames).
import { createHmac } from "node:crypto";
import { signedPayload } from "@/lib/contract";

export function signatureHeader(secret: string, timestamp: number, rawBody: string): string {
  const v1 = createHmac("sha256", secret).update(signedPayload(timestamp, rawBody)).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
