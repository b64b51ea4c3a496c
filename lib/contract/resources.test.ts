import { describe, expect, it } from "vitest";
import { fileExtension, isAllowedExtension, parseDataUri, toDataUri } from "./resources";

describe("attachment data URIs", () => {
  it("round-trips bytes", () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const uri = toDataUri(bytes, "application/pdf");
    expect(uri.startsWith("data:application/pdf;base64,")).toBe(true);
    const parsed = parseDataUri(uri);
    expect(parsed?.contentType).toBe("application/pdf");
    expect([...(parsed?.bytes ?? [])]).toEqual([...bytes]);
  });

  it.each(["https://x.example/a.pdf", "data:application/pdf,plain", "data:;base64,@@@", ""])("rejects %j", (value) => {
    expect(parseDataUri(value)).toBeNull();
  });
});

describe("file extensions", () => {
  it.each([
    ["Guide.PDF", "pdf", true],
    ["photo.jpeg", "jpeg", true],
    ["archive.tar.gz", "gz", false],
    ["noext", "", false],
    [".hidden", "", false],
    ["setup.exe", "exe", false],
  ])("%s → %s (allowed: %s)", (name, ext, allowed) => {
    expect(fileExtension(name)).toBe(ext);
    expect(isAllowedExtension(fileExtension(name))).toBe(allowed);
  });
});
