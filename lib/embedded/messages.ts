// Which postMessage events the embedded page listens to: only from the platform's web origin (as the
// platform's own embed library checks), only from the iframe it mounted (not another window of that
// origin, not a stale frame), only for this mount's frame id when the type names one, and only the
// two documented messages with a readable body (lib/contract/embed.ts). Everything else is dropped
// without a word. Browser-safe (no server imports).
import { readEmbedMessage, type EmbedMessage } from "@/lib/contract/embed";

/** The parts of a MessageEvent that decide whether to trust it. */
export interface IncomingMessage {
  origin: string;
  source: unknown;
  data: unknown;
}

export interface ExpectedSender {
  /** The platform's web address's origin (CLINIC_WEB_URL). */
  origin: string;
  /** The mounted iframe's contentWindow; null while no frame is mounted. */
  source: unknown;
  /** The frame id this mount's address carries. */
  frameId: string;
}

export function acceptEmbedMessage(event: IncomingMessage, expected: ExpectedSender): EmbedMessage | null {
  if (event.origin !== expected.origin) return null;
  if (expected.source === null || expected.source === undefined || event.source !== expected.source) return null;
  return readEmbedMessage(event.data, expected.frameId);
}
