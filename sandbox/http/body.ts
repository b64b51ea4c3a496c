// Reads and parses request bodies: JSON everywhere (spec 4), and form-encoded on the OAuth
// endpoints too (the usual OAuth client encoding). Oversized bodies are refused while streaming.
import type { IncomingMessage } from "node:http";
import { MAX_REQUEST_BODY_BYTES } from "@/lib/contract";
import { ApiError } from "./errors";

export type BodyKind = "json" | "json-or-form" | "none";

export async function readBody(req: IncomingMessage, limit = MAX_REQUEST_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > limit) throw ApiError.of(413, "payload_too_large", `Request body exceeds ${limit} bytes.`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw ApiError.of(413, "payload_too_large", `Request body exceeds ${limit} bytes.`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export function parseBody(req: IncomingMessage, raw: Buffer, kind: BodyKind): unknown {
  if (kind === "none" || raw.length === 0) return {};
  const type = (req.headers["content-type"] ?? "").split(";")[0].trim().toLowerCase();
  if (type === "application/json" || type.endsWith("+json") || (type === "" && kind === "json")) {
    try {
      const value: unknown = JSON.parse(raw.toString("utf8"));
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        throw ApiError.of(400, "bad_request", "The request body must be a JSON object.");
      }
      return value;
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw ApiError.of(400, "bad_request", "The request body is not valid JSON.");
    }
  }
  if (type === "application/x-www-form-urlencoded" && kind === "json-or-form") {
    return Object.fromEntries(new URLSearchParams(raw.toString("utf8")));
  }
  throw ApiError.of(415, "unsupported_media_type", "Send the body as application/json.");
}
