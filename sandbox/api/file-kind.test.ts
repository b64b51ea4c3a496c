import { describe, expect, it } from "vitest";
import { buildOle, buildZip, FILES } from "../testing/files";
import { detectFileKind, zipEntryNames } from "./file-kind";

const MACRO_CT = (kind: string) => ({
  name: "[Content_Types].xml",
  data: `<Types><Override PartName="/main.xml" ContentType="application/vnd.${kind}.macroEnabled.main+xml"/></Types>`,
});
/** Sets the FAT entry of `sector` (FAT sector 0 holds sectors 0..127) to `next`. */
function withFat(file: Buffer, sector: number, next: number): Buffer {
  file.writeUInt32LE(next, 512 + sector * 4);
  return file;
}
/** Sets the object type of directory entry `n` (directory at sector 1). */
function withEntryType(file: Buffer, n: number, type: number): Buffer {
  file[1024 + n * 128 + 0x42] = type;
  return file;
}

describe("detectFileKind reads content, not names", () => {
  const rows: [string, Buffer, string | null][] = [
    ["jpeg", FILES.jpg, "jpeg"],
    ["png", FILES.png, "png"],
    ["pdf", FILES.pdf, "pdf"],
    ["doc (OLE)", FILES.doc, "doc"],
    ["xlsx", FILES.xlsx, "xlsx"],
    ["pptx", FILES.pptx, "pptx"],
    ["docx (not allowed)", FILES.docx, null],
    ["windows executable", FILES.exe, null],
    ["gif", FILES.gif, null],
    ["zip without [Content_Types].xml", buildZip([{ name: "xl/workbook.xml", data: "x" }]), null],
    ["truncated zip", FILES.xlsx.subarray(0, 40), null],
    ["empty", Buffer.alloc(0), null],
    // OLE compound files: only a Word document (a WordDocument stream) is a .doc.
    ["xls (OLE, Workbook stream)", buildOle(["Workbook", "\u0005SummaryInformation"]), null],
    ["ppt (OLE, PowerPoint Document stream)", buildOle(["PowerPoint Document", "Current User"]), null],
    ["msi-like OLE without WordDocument", buildOle(["\u4840\u3f3f\u4577", "\u0005SummaryInformation"]), null],
    ["OLE header with no directory", Buffer.concat([FILES.doc.subarray(0, 8), Buffer.alloc(504)]), null],
    ["doc truncated before its directory", FILES.doc.subarray(0, 700), null],
    ["WordDocument as a storage, not a stream", withEntryType(buildOle(["WordDocument"]), 1, 1), null],
    ["name that only starts with WordDocument", buildOle(["WordDocumentX"]), null],
    [
      "doc whose WordDocument is in the directory's second sector",
      buildOle(["1Table", "CompObj", "Data", "WordDocument"]),
      "doc",
    ],
    [
      "doc whose directory chain continues through a DIFAT sector",
      buildOle(["1Table", "CompObj", "Data", "WordDocument"], 109 * 128),
      "doc",
    ],
    ["OLE whose directory chain loops", withFat(buildOle(["1Table", "CompObj", "Data", "Workbook"]), 1, 1), null],
    // Macro-enabled OOXML renamed to .xlsx/.pptx: refused by its macro parts.
    [
      "xlsm (VBA project)",
      buildZip([
        MACRO_CT("ms-excel.sheet"),
        { name: "xl/workbook.xml", data: "<workbook/>" },
        { name: "xl/vbaProject.bin", data: "x" },
      ]),
      null,
    ],
    [
      "xlsm (Excel 4 macro sheet)",
      buildZip([
        MACRO_CT("ms-excel.sheet"),
        { name: "xl/workbook.xml", data: "<workbook/>" },
        { name: "xl/macrosheets/sheet1.xml", data: "<xm/>" },
      ]),
      null,
    ],
    [
      "pptm (VBA project)",
      buildZip([
        MACRO_CT("ms-powerpoint.presentation"),
        { name: "ppt/presentation.xml", data: "<p/>" },
        { name: "ppt/vbaProject.bin", data: "x" },
      ]),
      null,
    ],
  ];
  it.each(rows)("%s", (_label, bytes, kind) => {
    expect(detectFileKind(bytes)).toBe(kind);
  });

  it("lists zip entries from the central directory", () => {
    expect(zipEntryNames(FILES.pptx)).toEqual(["[Content_Types].xml", "ppt/presentation.xml"]);
  });
});
