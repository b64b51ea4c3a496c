// Signing a delivery as the platform does (spec 5.2), with the local stack's webhook secret, for the
// specs that post deliveries themselves.
import { createHmac } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { signedPayload } from "@/lib/contract/webhooks";

/** The signature header's value for `body`, signed now (or at `t`, seconds). */
export function signDelivery(
  body: string,
  t = Math.floor(Date.now() / 1000),
  secret: string = LOCAL_DEFAULTS.webhookSecret,
) {
  return `t=${t},v1=${createHmac("sha256", secret).update(signedPayload(t, body)).digest("hex")}`;
}

/** Posts `event` to the app's webhook endpoint as the platform would, signed; the app must take it. */
export async function deliverSigned(page: Page, event: Record<string, unknown>): Promise<void> {
  const body = JSON.stringify({ event });
  const delivered = await page.request.post("/api/webhooks/clinic", {
    data: Buffer.from(body, "utf8"),
    headers: { "content-type": "application/json", "Service-Signature": signDelivery(body) },
  });
  expect(delivered.status()).toBe(200);
}
