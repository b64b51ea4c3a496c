import { describe, expect, it } from "vitest";
import { MAX_RESOURCE_FILE_BYTES } from "@/lib/contract";
import { buildOle, buildZip, FILES } from "@/sandbox/testing/files";
import { checkFileNameAndSize, checkResourceFile, DROPZONE_ACCEPT } from "./file-check";
import { translatorFor } from "@/lib/i18n/translator";

describe("checkResourceFile: content decides, the name must agree", () => {
  const rows: [string, string, Uint8Array, string][] = [
    ["jpg", "photo.jpg", FILES.jpg, "ok"],
    ["jpeg", "photo.JPEG", FILES.jpg, "ok"],
    ["png", "chart.png", FILES.png, "ok"],
    ["pdf", "guide.pdf", FILES.pdf, "ok"],
    ["doc", "notes.doc", FILES.doc, "ok"],
    ["xlsx", "plan.xlsx", FILES.xlsx, "ok"],
    ["pptx", "talk.pptx", FILES.pptx, "ok"],
    ["renamed executable", "guide.pdf", FILES.exe, "content_not_allowed"],
    ["executable by name", "setup.exe", FILES.exe, "extension_not_allowed"],
    ["gif", "anim.gif", FILES.gif, "extension_not_allowed"],
    ["a path in the name", "../../etc/guide.pdf", FILES.pdf, "name_not_allowed"],
    ["a backslash path", "..\\guide.pdf", FILES.pdf, "name_not_allowed"],
    ["a right-to-left override (reads as .pdf)", "evil\u202Efdp.pdf", FILES.pdf, "name_not_allowed"],
    ["a control character", "guide\u0000.pdf", FILES.pdf, "name_not_allowed"],
    ["unicode letters are fine", "Ernährung – Übersicht.pdf", FILES.pdf, "ok"],
    ["gif renamed to png", "anim.png", FILES.gif, "content_not_allowed"],
    ["docx (not allowed) renamed to xlsx", "letter.xlsx", FILES.docx, "content_not_allowed"],
    ["pdf named as png", "chart.png", FILES.pdf, "content_mismatch"],
    ["xlsx named as pptx", "talk.pptx", FILES.xlsx, "content_mismatch"],
    ["zip without content types", "plan.xlsx", buildZip([{ name: "xl/a.xml", data: "x" }]), "content_not_allowed"],
    ["xls renamed to doc", "notes.doc", buildOle(["Workbook"]), "content_not_allowed"],
    ["ppt renamed to doc", "notes.doc", buildOle(["PowerPoint Document", "Current User"]), "content_not_allowed"],
    [
      "bare OLE header named doc",
      "notes.doc",
      Buffer.concat([FILES.doc.subarray(0, 8), Buffer.alloc(504)]),
      "content_not_allowed",
    ],
    [
      "xlsm renamed to xlsx",
      "plan.xlsx",
      buildZip([
        { name: "[Content_Types].xml", data: "<Types/>" },
        { name: "xl/workbook.xml", data: "x" },
        { name: "xl/vbaProject.bin", data: "x" },
      ]),
      "content_not_allowed",
    ],
    [
      "pptm renamed to pptx",
      "talk.pptx",
      buildZip([
        { name: "[Content_Types].xml", data: "<Types/>" },
        { name: "ppt/presentation.xml", data: "x" },
        { name: "ppt/vbaProject.bin", data: "x" },
      ]),
      "content_not_allowed",
    ],
    ["no extension", "README", FILES.pdf, "extension_not_allowed"],
    ["empty", "empty.pdf", new Uint8Array(0), "empty"],
  ];
  it.each(rows)("%s", (_label, name, bytes, expected) => {
    const result = checkResourceFile(name, bytes, "en");
    expect(result.ok ? "ok" : result.problem.code).toBe(expected);
  });

  it("names the content type for a good file", () => {
    expect(checkResourceFile("plan.xlsx", FILES.xlsx, "en")).toEqual({
      ok: true,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
  });
});

describe("checkFileNameAndSize (before the browser reads the file)", () => {
  it.each([
    ["guide.pdf", 1, null],
    ["guide.pdf", MAX_RESOURCE_FILE_BYTES, null],
    ["guide.pdf", MAX_RESOURCE_FILE_BYTES + 1, "too_large"],
    ["guide.pdf", 0, "empty"],
    ["archive.zip", 10, "extension_not_allowed"],
  ] as const)("%s of %i bytes → %s", (name, size, code) => {
    const result = checkFileNameAndSize(name, size, "en");
    expect(result && !result.ok ? result.problem.code : null).toBe(code);
  });
});

describe("a file too large, said in the reader's words", () => {
  it.each([
    ["en", "The file is larger than 10 MB, the most the platform accepts (it is 11 MB)."],
    ["fr-CA", "Le fichier dépasse 10 Mo, le maximum accepté par la plateforme (il fait 11 Mo)."],
  ] as const)("%s", (locale, sentence) => {
    const result = checkFileNameAndSize("guide.pdf", 11_534_336, locale);
    if (!result || result.ok) throw new Error("expected a refusal");
    const said = translatorFor(locale)(result.problem.message, result.problem.values);
    expect(said.replaceAll("\u00a0", " ")).toBe(sentence);
  });
});

describe("DROPZONE_ACCEPT", () => {
  it("offers every allowed extension under its MIME type, once", () => {
    expect(DROPZONE_ACCEPT["image/jpeg"]).toEqual([".jpg", ".jpeg"]);
    expect(Object.values(DROPZONE_ACCEPT).flat().sort()).toEqual([
      ".doc",
      ".jpeg",
      ".jpg",
      ".pdf",
      ".png",
      ".pptx",
      ".xlsx",
    ]);
  });
});
