// Detects a file's type from its content (magic bytes), never from its name: a renamed executable
// is refused. Office Open XML files are zips; the zip's entry names tell xlsx (xl/) from pptx (ppt/).
// Legacy .doc is an OLE compound file, like .xls, .ppt and .msi: only one whose directory holds a
// WordDocument stream is a Word document. Pure over Uint8Array (no Node APIs) so the sandbox, the
// app's server and the browser share one detector.
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

// Macro-enabled workbooks and presentations (.xlsm, .pptm) renamed to .xlsx/.pptx. Office stores their
// macros as a vbaProject.bin part (VBA) or as macro sheets (Excel 4); the part names give them away
// without inflating the (deflated) [Content_Types].xml, which this synchronous detector cannot do.
const MACRO_PART = /(^|\/)vbaProject\.bin$|^xl\/macrosheets\//i;

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const NO_SECTOR = 0xffffffff;

/**
 * Whether an OLE compound file's directory holds a stream called `name` (MS-CFB: a 512-byte header,
 * then sectors; the directory is a chain of sectors of 128-byte entries, linked through the FAT).
 * Hostile input cannot make it loop or allocate: it visits at most as many sectors as the file has.
 */
export function oleHasStream(b: Uint8Array, name: string): boolean {
  if (b.length < 512 || !startsWith(b, OLE_MAGIC)) return false;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return false;
  const size = 1 << shift;
  const sectors = Math.floor(b.length / size) - 1; // the header takes the place of one sector
  const at = (sector: number, slot: number) =>
    sector < sectors ? view.getUint32((sector + 1) * size + slot * 4, true) : NO_SECTOR;
  const perSector = size / 4;
  // The FAT's own sectors: the first 109 are listed in the header, the rest in a chain of DIFAT
  // sectors (perSector - 1 ids each, then the next DIFAT sector's id).
  const fatSector = (index: number): number => {
    if (index < 109) return view.getUint32(0x4c + index * 4, true);
    let difat = view.getUint32(0x44, true);
    let rest = index - 109;
    for (; rest >= perSector - 1 && difat < sectors; rest -= perSector - 1) difat = at(difat, perSector - 1);
    return at(difat, rest);
  };
  const nameBytes = (name.length + 1) * 2;
  let sector = view.getUint32(0x30, true);
  for (let visited = 0; sector < sectors && visited < sectors; visited++) {
    const start = (sector + 1) * size;
    for (let e = start; e < start + size; e += 128) {
      // Object type 2 is a stream; the name is UTF-16LE with its length in bytes, terminator included.
      if (b[e + 0x42] !== 2 || view.getUint16(e + 0x40, true) !== nameBytes) continue;
      let same = true;
      for (let i = 0; i < name.length && same; i++) same = view.getUint16(e + i * 2, true) === name.charCodeAt(i);
      if (same) return true;
    }
    sector = at(fatSector(Math.floor(sector / perSector)), sector % perSector);
  }
  return false;
}

export function detectFileKind(b: Uint8Array): FileKind | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(b, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf";
  if (startsWith(b, OLE_MAGIC)) return oleHasStream(b, "WordDocument") ? "doc" : null;
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) {
    const names = zipEntryNames(b);
    if (!names.includes("[Content_Types].xml") || names.some((n) => MACRO_PART.test(n))) return null;
    if (names.some((n) => n.startsWith("xl/"))) return "xlsx";
    if (names.some((n) => n.startsWith("ppt/"))) return "pptx";
  }
  return null;
}
