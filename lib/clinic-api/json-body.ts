// A request's JSON body. A file sent to the platform travels as a data URI inside the JSON (spec
// 4.2): a 10 MB file is 13.3 MB of base64. Built as a string, it would be copied three more times on
// its way out (the data URI, JSON.stringify's text, fetch's UTF-8 bytes), three times the body in
// garbage per upload that the process's memory carries until the next full collection. A DataUri is written
// straight into the body's one buffer instead, in small pieces; anything else is JSON.stringify's.
import { toDataUri } from "@/lib/contract";

/** A file to send as `data:<type>;base64,…`; JSON.stringify writes it as that string too. */
export class DataUri {
  constructor(
    readonly contentType: string,
    readonly bytes: Uint8Array,
  ) {}

  toJSON(): string {
    return toDataUri(this.bytes, this.contentType);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The body as fetch sends it: text, or the bytes of the same JSON when a top-level field is a DataUri. */
export function encodeJsonBody(body: unknown): string | Uint8Array<ArrayBuffer> {
  if (!isRecord(body) || !Object.values(body).some((v) => v instanceof DataUri)) return JSON.stringify(body);
  // Pieces of the text in order; a DataUri's bytes go between its opening and its closing quote.
  const pieces: Array<string | Uint8Array> = [];
  let first = true;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue; // as JSON.stringify leaves it out
    pieces.push(`${first ? "{" : ","}${JSON.stringify(key)}:`);
    first = false;
    if (value instanceof DataUri) {
      pieces.push(JSON.stringify(`data:${value.contentType};base64,`).slice(0, -1));
      pieces.push(value.bytes);
      pieces.push('"');
    } else pieces.push(JSON.stringify(value));
  }
  pieces.push(first ? "{}" : "}");
  const size = pieces.reduce((n, p) => n + (typeof p === "string" ? Buffer.byteLength(p) : base64Length(p)), 0);
  const out = Buffer.allocUnsafe(size) as Buffer<ArrayBuffer>;
  let at = 0;
  for (const p of pieces) at = typeof p === "string" ? at + out.write(p, at) : writeBase64(out, at, p);
  return out;
}

/** Bytes per piece of base64: a multiple of 3 (no padding inside), small enough to die young. */
const BASE64_CHUNK = 3 * 16 * 1024;

const base64Length = (bytes: Uint8Array) => Math.ceil(bytes.byteLength / 3) * 4;

/**
 * Writes `bytes` as base64 into `out` at `at`, a piece at a time: each piece's string is 64 KB, which
 * the young generation's collections free at once, where one 13 MB string would wait for a full one.
 */
function writeBase64(out: Buffer, at: number, bytes: Uint8Array): number {
  const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < all.length; i += BASE64_CHUNK)
    at += out.write(all.subarray(i, i + BASE64_CHUNK).toString("base64"), at, "latin1");
  return at;
}
