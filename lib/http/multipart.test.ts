// The streamed form reader: what it keeps (first values, one file, its bytes as sent, a UTF-8 name)
// and what it refuses (over the body's or the file's bound, malformed, not a form, oversized fields).
import { describe, expect, it } from "vitest";
import { readStreamedForm, type FormLimits } from "@/lib/http/multipart";

const URL_ = "http://app.test/api/resources";
const LIMITS: FormLimits = { bodyBytes: 64 * 1024, fileBytes: 1000, fileField: "file" };

/** A request with the same body and headers a browser sends for `form` (its declared length included). */
async function formRequest(form: FormData): Promise<Request> {
  const encoded = new Request(URL_, { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  return new Request(URL_, {
    method: "POST",
    body: bytes,
    headers: { "content-type": encoded.headers.get("content-type")!, "content-length": String(bytes.length) },
  });
}

/** A body sent in pieces with no declared length. */
function chunked(contentType: string, pieces: Uint8Array[]): Request {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": contentType },
  };
  return new Request(URL_, init);
}

const bytesOf = (n: number, seed = 7) => Uint8Array.from({ length: n }, (_, i) => (i * seed) % 256);

describe("readStreamedForm", () => {
  it("keeps each field's first value and the file's bytes exactly", async () => {
    const form = new FormData();
    form.append("name", "Sleep guide");
    form.append("name", "second value");
    form.append("file", new File([bytesOf(1000)], "Guide été.pdf", { type: "application/pdf" }));
    const read = await readStreamedForm(await formRequest(form), LIMITS);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.form.field("name")).toBe("Sleep guide");
    expect(read.form.field("absent")).toBeUndefined();
    expect(read.form.file?.name).toBe("Guide été.pdf");
    expect(Buffer.compare(read.form.file!.bytes, Buffer.from(bytesOf(1000)))).toBe(0);
  });

  it("keeps the first file of the file field and ignores the rest", async () => {
    const form = new FormData();
    form.append("other", new File([bytesOf(10, 3)], "other.pdf"));
    form.append("file", new File([bytesOf(20, 5)], "one.pdf"));
    form.append("file", new File([bytesOf(30, 11)], "two.pdf"));
    const read = await readStreamedForm(await formRequest(form), LIMITS);
    expect(read.ok && read.form.file?.name).toBe("one.pdf");
    expect(read.ok && [...read.form.file!.bytes]).toEqual([...bytesOf(20, 5)]);
  });

  it("reads a chunked body whose file arrives across many pieces", async () => {
    const boundary = "----cc-test";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nNotes\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="n.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const file = bytesOf(900, 13);
    const pieces = [head, ...Array.from({ length: 9 }, (_, i) => file.subarray(i * 100, i * 100 + 100))];
    pieces.push(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
    const read = await readStreamedForm(chunked(`multipart/form-data; boundary=${boundary}`, pieces), LIMITS);
    expect(read.ok && read.form.field("name")).toBe("Notes");
    expect(read.ok && [...read.form.file!.bytes]).toEqual([...file]);
  });

  it("keeps a file name as sent, path and all, for the route to judge", async () => {
    const form = new FormData();
    form.append("file", new File([bytesOf(10)], "../../etc/passwd.pdf"));
    const read = await readStreamedForm(await formRequest(form), LIMITS);
    expect(read.ok && read.form.file?.name).toBe("../../etc/passwd.pdf");
  });

  it("reads a URL-encoded form (no file)", async () => {
    const body = new URLSearchParams({ name: "Plan", save_to_library: "true" }).toString();
    const read = await readStreamedForm(
      new Request(URL_, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } }),
      LIMITS,
    );
    expect(read.ok && [read.form.field("name"), read.form.field("save_to_library"), read.form.file]).toEqual([
      "Plan",
      "true",
      undefined,
    ]);
  });

  it("takes a file at the limit and refuses one byte more", async () => {
    const at = new FormData();
    at.append("file", new File([bytesOf(1000)], "a.pdf"));
    expect((await readStreamedForm(await formRequest(at), LIMITS)).ok).toBe(true);
    const over = new FormData();
    over.append("file", new File([bytesOf(1001)], "a.pdf"));
    expect(await readStreamedForm(await formRequest(over), LIMITS)).toEqual({ ok: false, why: "too-large" });
  });

  const refusals: Array<[string, () => Request | Promise<Request>, "too-large" | "unreadable"]> = [
    [
      "a declared length over the body's bound",
      () =>
        new Request(URL_, {
          method: "POST",
          body: "x",
          headers: { "content-type": "multipart/form-data; boundary=x", "content-length": String(64 * 1024 + 1) },
        }),
      "too-large",
    ],
    [
      "a chunked body over the body's bound",
      () =>
        chunked(
          "multipart/form-data; boundary=x",
          Array.from({ length: 20 }, () => new Uint8Array(4096)),
        ),
      "too-large",
    ],
    [
      "JSON",
      () => new Request(URL_, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }),
      "unreadable",
    ],
    ["no content type", () => chunked("", [new Uint8Array(4)]), "unreadable"],
    ["multipart without a boundary", () => chunked("multipart/form-data", [new Uint8Array(4)]), "unreadable"],
    ["an empty multipart body", () => chunked("multipart/form-data; boundary=x", []), "unreadable"],
    [
      "a multipart body cut before its closing boundary",
      () =>
        chunked("multipart/form-data; boundary=x", [
          new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\nabc'),
        ]),
      "unreadable",
    ],
    [
      "a text field over 64 KB",
      async () => {
        const form = new FormData();
        form.append("name", "n".repeat(64 * 1024 + 1));
        return formRequest(form);
      },
      "unreadable",
    ],
  ];
  it.each(refusals)("refuses %s", async (_label, request, why) => {
    const limits = { ...LIMITS, bodyBytes: 80 * 1024 };
    const bound = _label.includes("body's bound") ? LIMITS : limits;
    expect(await readStreamedForm(await request(), bound)).toEqual({ ok: false, why });
  });
});
