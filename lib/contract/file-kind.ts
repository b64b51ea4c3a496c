// Detects a file's type from its content (magic bytes), never from its name: a renamed executable
// is refused. Office Open XML files are zips; the zip's entry names tell xlsx (xl/) from pptx (ppt/).
// Pure over Uint8Array so the sandbox, the app's server and the browser share one detector.
export type FileKind = "jpeg" | "png" | "pdf" | "doc" | "xlsx" | "pptx";

/** Extensions each detected kind may carry. */
export const EXTENSIONS_OF_KIND: Record<FileKind, string[]> = {
  jpeg: ["jpg", "jpeg"],
  png: ["png"],
  pdf: ["pdf"],
  doc: ["doc"],
  xlsx: ["xlsx"],
  pptx: ["pptx"],
};

const startsWith = (b: Uint8Array, bytes: number[]) => b.length >= bytes.length && bytes.every((x, i) => b[i] === x);

/** Entry names from the zip's central directory (empty when the zip is malformed). */
export function zipEntryNames(b: Uint8Array): string[] {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // End of central directory: signature 0x06054b50, searched from the end (comment ≤ 65535 bytes).
  const min = Math.max(0, b.length - 22 - 65535);
  let eocd = -1;
  for (let i = b.length - 22; i >= min; i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = view.getUint16(eocd + 10, true);
  let p = view.getUint32(eocd + 16, true);
  const names: string[] = [];
  const utf8 = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || view.getUint32(p, true) !== 0x02014b50) return [];
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if (p + 46 + nameLen > b.length) return [];
    names.push(utf8.decode(b.subarray(p + 46, p + 46 + nameLen)));
    p += 46 + nameLen + extraLen + commentLen;
  }
  return names;
}

export function detectFileKind(b: Uint8Array): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (startsWith(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "doc";
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(b);
    if (!names.includes("[Content_Types].xml")) return null;
    if (names.some((n) => n.startsWith("xl/"))) return "xlsx";
    if (names.some((n) => n.startsWith("ppt/"))) return "pptx";
  }
  return null;
}
