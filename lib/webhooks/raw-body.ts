// Reads a request body as text without holding more than the cap in memory: a declared
// Content-Length over the cap is refused before reading, and a chunked body stops at cap + 1 bytes.
// Returns null when the body is too large.
import "server-only";

export async function readBodyCapped(request: Request, capBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > capBytes) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > capBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
