// Which postMessage events the embedded page listens to: only from the platform's origin, only
// from the iframe it mounted (not another window of that origin, not a stale frame), and only the
// contract's known message types with valid fields. Everything else is dropped without a word.
// Browser-safe (no server imports).
import { EmbedMessageSchema, type EmbedMessage } from "@/lib/contract/embed";

/** The parts of a MessageEvent that decide whether to trust it. */
export interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface ExpectedSender {
  origin: string;
  /** The mounted iframe's contentWindow; null while no frame is mounted. */
  source: unknown;
}

export function acceptEmbedMessage(event: IncomingMessage, expected: ExpectedSender): EmbedMessage | null {
  if (event.origin !== expected.origin) return null;
  if (expected.source === null || expected.source === undefined || event.source !== expected.source) return null;
  const parsed = EmbedMessageSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

export type EmbedErrorCode = Extract<EmbedMessage, { type: "clinic.embed.error" }>["code"];
/**
 * Codes with which the platform refuses to open a session: the grant is spent, a fresh one helps.
 * What each says is in the catalogs (`embedded.refusals.<code>`).
 */
export type RefusalCode = Exclude<EmbedErrorCode, "action_failed">;

export function isRefusal(code: EmbedErrorCode): code is RefusalCode {
  return code !== "action_failed";
}
