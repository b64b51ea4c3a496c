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

const CT = { name: "[Content_Types].xml", data: "<Types/>" };
export const FILES = {
  pdf: SAMPLE_PDF,
  png: SAMPLE_PNG,
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
  doc: Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]),
  xlsx: buildZip([CT, { name: "xl/workbook.xml", data: "<workbook/>" }]),
  pptx: buildZip([CT, { name: "ppt/presentation.xml", data: "<presentation/>" }]),
  docx: buildZip([CT, { name: "word/document.xml", data: "<document/>" }]),
  exe: Buffer.concat([Buffer.from("MZ\x90\x00", "latin1"), Buffer.alloc(200)]),
  gif: Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"),
};

export function dataUri(bytes: Buffer, mime = "application/octet-stream"): string {
  return toDataUri(bytes, mime);
}
