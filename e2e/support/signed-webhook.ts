// Signing a delivery as the platform does (spec 5.2), with the local stack's webhook secret, for the
// specs that post deliveries themselves.
import { createHmac } from "node:crypto";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { signedPayload } from "@/lib/contract/webhooks";

/** The signature header's value for `body`, signed now (or at `t`, seconds). */
export function signDelivery(body: string, t = Math.floor(Date.now() / 1000), secret = LOCAL_DEFAULTS.webhookSecret) {
  return `t=${t},v1=${createHmac("sha256", secret).update(signedPayload(t, body)).digest("hex")}`;
}
