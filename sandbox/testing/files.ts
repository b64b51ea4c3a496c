// File fixtures with real magic bytes, including minimal Office Open XML zips built in memory.
import { crc32 } from "node:zlib";
import { toDataUri } from "@/lib/contract";
import { SAMPLE_PDF, SAMPLE_PNG } from "../seed/files";

/** A stored (uncompressed) zip with the given entries. */
export function buildZip(entries: { name: string; data: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, "utf8");
    const data = Buffer.from(e.data, "utf8");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/**
 * An OLE compound file (the container of .doc, .xls, .ppt, .msi) with 512-byte sectors whose
 * directory lists these streams (empty ones: detection reads only the directory). The directory
 * starts at sector `directoryAt` when given (a large value puts it beyond the FAT sectors the header
 * lists, in reach of a DIFAT sector only); FAT, DIFAT and directory chains are filled in accordingly.
 */
export function buildOle(streams: string[], directoryAt?: number): Buffer {
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  const names = ["Root Entry", ...streams];
  const dirCount = Math.ceil(names.length / 4);
  let fats = 1;
  let difats = 0;
  const dirStart = () => directoryAt ?? fats + difats;
  while (fats * 128 < dirStart() + dirCount) {
    fats++;
    difats = Math.max(0, Math.ceil((fats - 109) / 127));
  }
  const start = dirStart();
  const file = Buffer.alloc((start + dirCount + 1) * 512);
  const offset = (sector: number) => (sector + 1) * 512;
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 0x18); // minor version
  file.writeUInt16LE(3, 0x1a); // major version 3: 512-byte sectors
  file.writeUInt16LE(0xfffe, 0x1c); // little-endian
  file.writeUInt16LE(9, 0x1e); // sector shift
  file.writeUInt16LE(6, 0x20); // mini sector shift
  file.writeUInt32LE(fats, 0x2c);
  file.writeUInt32LE(start, 0x30);
  file.writeUInt32LE(4096, 0x38); // mini stream cutoff
  file.writeUInt32LE(END, 0x3c); // no mini FAT
  file.writeUInt32LE(difats ? fats : END, 0x44);
  file.writeUInt32LE(difats, 0x48);
  // FAT sectors are sectors 0..fats-1, DIFAT sectors follow them.
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i < fats ? i : FREE, 0x4c + i * 4);
  for (let d = 0; d < difats; d++) {
    for (let j = 0; j < 127; j++)
      file.writeUInt32LE(109 + d * 127 + j < fats ? 109 + d * 127 + j : FREE, offset(fats + d) + j * 4);
    file.writeUInt32LE(d + 1 < difats ? fats + d + 1 : END, offset(fats + d) + 508);
  }
  const setFat = (sector: number, value: number) =>
    file.writeUInt32LE(value, offset(Math.floor(sector / 128)) + (sector % 128) * 4);
  for (let s = 0; s < fats * 128; s++) setFat(s, FREE);
  for (let s = 0; s < fats; s++) setFat(s, 0xfffffffd);
  for (let d = 0; d < difats; d++) setFat(fats + d, 0xfffffffc);
  for (let i = 0; i < dirCount; i++) setFat(start + i, i + 1 < dirCount ? start + i + 1 : END);
  names.forEach((name, n) => {
    const e = offset(start + Math.floor(n / 4)) + (n % 4) * 128;
    file.write(name, e, "utf16le");
    file.writeUInt16LE((name.length + 1) * 2, e + 0x40);
    file[e + 0x42] = n === 0 ? 5 : 2; // root storage, then streams
    file.writeUInt32LE(FREE, e + 0x44); // left sibling
    file.writeUInt32LE(n > 0 && n + 1 < names.length ? n + 1 : FREE, e + 0x48); // right sibling
    file.writeUInt32LE(n === 0 && names.length > 1 ? 1 : FREE, e + 0x4c); // child
    file.writeUInt32LE(END, e + 0x74); // start sector of an empty stream
  });
  return file;
}

const CT = { name: "[Content_Types].xml", data: "<Types/>" };
export const FILES = {
  pdf: SAMPLE_PDF,
  png: SAMPLE_PNG,
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
  doc: buildOle(["WordDocument", "1Table", "\u0005SummaryInformation"]),
  xlsx: buildZip([CT, { name: "xl/workbook.xml", data: "<workbook/>" }]),
  pptx: buildZip([CT, { name: "ppt/presentation.xml", data: "<presentation/>" }]),
  docx: buildZip([CT, { name: "word/document.xml", data: "<document/>" }]),
  exe: Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(200)]),
  gif: Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"),
};

export function dataUri(bytes: Buffer, mime = "application/octet-stream"): string {
  return toDataUri(bytes, mime);
}
