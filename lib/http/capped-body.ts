// Request bodies read with a size cap, so that no client can make the server hold an unbounded body
// in memory: a declared Content-Length over the cap is refused before reading, and a chunked (or
// under-declared) body is cut off as soon as it passes the cap. Used for the webhook's raw text; not
// a parser of it. (The upload's form is capped as it is parsed: lib/http/multipart.ts.)
import "server-only";
import type { IncomingMessage } from "node:http";

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
  const init: RequestInit & { duplex: "half" } = {
    method: request.method,
    headers: request.headers,
    body: counted,
    duplex: "half",
  };
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

/**
 * The same for a Node.js request (the app server's webhook path, lib/server/app-server.ts): the body
 * as UTF-8 text, or null as soon as it is known to be larger than `capBytes` (the rest is not kept).
 * Rejects when the client goes away before the body ends.
 */
export function readNodeTextCapped(request: IncomingMessage, capBytes: number): Promise<string | null> {
  const declared = Number(request.headers["content-length"] ?? "NaN");
  if (Number.isFinite(declared) && declared > capBytes) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = () => {
      request.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= capBytes) return void chunks.push(chunk);
      settle();
      chunks.length = 0;
      resolve(null);
    };
    const onEnd = () => {
      settle();
      resolve(Buffer.concat(chunks, size).toString("utf8"));
    };
    const onError = (error: Error) => {
      settle();
      reject(error);
    };
    // "close" before "end": the client hung up mid-body.
    const onClose = () => onError(new Error("The client closed the connection before the request body ended."));
    request.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
  });
}
