// Shared setup of the webhook tests: a fresh sandbox, a receiver, a registered endpoint and an
// activated integration for clinic A.
import { createHmac, timingSafeEqual } from "node:crypto";
import { DEFAULT_HEADER_NAMES, parseSignatureHeader, WebhookPayloadSchema } from "@/lib/contract";
import type { SandboxOptions } from "../start";
import { startTestSandbox } from "./harness";
import { startReceiver, type Answer, type Received } from "./receiver";

export const SECRET = "test-signing-secret";
export const CHALLENGE = "test-challenge";
export const ack = (): Answer => ({ status: 200, body: JSON.stringify({ challenge: CHALLENGE }) });

/** Verification exactly as spec 6.3 describes it, written independently of the sandbox's signer. */
export function verifySignature(r: Received, secret = SECRET, name = DEFAULT_HEADER_NAMES.signature): boolean {
  const header = r.headers[name.toLowerCase()];
  const parsed = typeof header === "string" ? parseSignatureHeader(header) : null;
  if (!parsed) return false;
  const expected = createHmac("sha256", secret).update(`${parsed.timestamp}.${r.body}`).digest();
  return parsed.signatures.some((sig) => timingSafeEqual(Buffer.from(sig, "hex"), expected));
}

export const eventOf = (r: Received) => WebhookPayloadSchema.parse(JSON.parse(r.body)).event;

export async function webhookWorld(
  respond: (r: Received, i: number) => Answer,
  endpoint: Record<string, unknown> = {},
  options: SandboxOptions = {},
) {
  const t = await startTestSandbox(options);
  const receiver = await startReceiver(respond);
  const reg = await t.client.control("/webhook-endpoint", {
    url: receiver.url,
    signing_secret: SECRET,
    challenge_token: CHALLENGE,
    ...endpoint,
  });
  if (reg.status !== 200) throw new Error(`register failed: ${reg.text}`);
  const token = await t.client.activateClinic(t.clinicA, (options.headerNames ?? DEFAULT_HEADER_NAMES).clinicKey);
  await t.client.control("/webhooks/drain", {});
  const activity = (type: string, clinicId = t.clinicA.id, data?: Record<string, unknown>) =>
    t.client.control<{ event: { id: string } }>("/activity", { clinic_id: clinicId, type, ...(data ? { data } : {}) });
  return {
    t,
    receiver,
    token,
    activity,
    drain: () => t.client.control("/webhooks/drain", {}),
    close: async () => {
      await t.close();
      await receiver.close();
    },
  };
}
