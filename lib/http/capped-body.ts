// Request bodies read with a size cap, so that no client can make the server hold an unbounded body
// in memory: a declared Content-Length over the cap is refused before reading, and a chunked (or
// under-declared) body is cut off as soon as it passes the cap. Used for the webhook's raw text and
// the upload's multipart form; not a parser of either.
import "server-only";

export interface CappedRequest {
  /** The same request, its body counted as it is read; reading fails once it passes the cap. */
  request: Request;
  /** Whether reading failed because the body passed the cap (rather than being malformed). */
  exceeded(): boolean;
}

/** Null when the declared length is already over `capBytes`. */
export function capRequestBody(request: Request, capBytes: number): CappedRequest | null {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > capBytes) return null;
  if (!request.body) return { request, exceeded: () => false };
  let size = 0;
  let exceeded = false;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength;
        if (size <= capBytes) return controller.enqueue(chunk);
        exceeded = true;
        // Erroring the stream also cancels the source: nothing past the cap is read.
        controller.error(new Error(`The request body is larger than ${capBytes} bytes.`));
      },
    }),
  );
  // Node requires `duplex` for a stream body; TypeScript's DOM RequestInit does not know it yet.
  const init: RequestInit & { duplex: "half" } = { method: request.method, headers: request.headers, body: counted, duplex: "half" };
  return { request: new Request(request.url, init), exceeded: () => exceeded };
}

/**
 * The body as UTF-8 text, or null when it is larger than `capBytes`. Decoded with Buffer, not
 * Request.text(): the Fetch decoder drops a leading byte-order mark, and a signature is over the
 * bytes as sent, BOM included.
 */
export async function readTextCapped(request: Request, capBytes: number): Promise<string | null> {
  const capped = capRequestBody(request, capBytes);
  if (!capped) return null;
  try {
    return Buffer.from(await capped.request.arrayBuffer()).toString("utf8");
  } catch (error) {
    if (capped.exceeded()) return null;
    throw error;
  }
}
