import { describe, expect, it } from "vitest";
import { buildZip, FILES } from "../testing/files";
import { detectFileKind, zipEntryNames } from "./file-kind";

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
  ];
  it.each(rows)("%s", (_label, bytes, kind) => {
    expect(detectFileKind(bytes)).toBe(kind);
  });

  it("lists zip entries from the central directory", () => {
    expect(zipEntryNames(FILES.pptx)).toEqual(["[Content_Types].xml", "ppt/presentation.xml"]);
  });
});
