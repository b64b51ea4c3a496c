// Reading the upload's multipart body: capped by its declared length and, for a chunked body that
// declares none, by counting as it is read; refused with the same plain message either way.
import { describe, expect, it } from "vitest";
import { MAX_UPLOAD_BODY_BYTES, readUploadForm } from "@/lib/resources/upload";

const URL_ = "http://app.test/api/resources";
const TOO_LARGE = { status: 413, message: "The file is larger than the limit of 10\u00a0MB." };
const UNREADABLE = { status: 400, message: "The upload could not be read. Choose the file again and retry." };

/** A multipart body sent chunked (no Content-Length): its opening, then `filler` bytes of file, forever if Infinity. */
function chunkedUpload(filler: number): Request {
  const boundary = "----cc-test";
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  const chunk = 64 * 1024;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === -1) {
        sent = 0;
        return controller.enqueue(head);
      }
      if (sent >= filler) return void (controller.enqueue(tail), controller.close());
      const n = Math.min(chunk, filler - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(0x25));
    },
  });
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
  return new Request(URL_, init);
}

function declaredUpload(bytes: number): Request {
  const form = new FormData();
  form.set("name", "Sleep guide");
  form.set("file", new File([new Uint8Array(bytes)], "guide.pdf", { type: "application/pdf" }));
  return new Request(URL_, { method: "POST", body: form });
}

describe("readUploadForm", () => {
  const rows: Array<[string, () => Request, { status: number; message: string } | "form"]> = [
    ["a small form", () => declaredUpload(100), "form"],
    ["a small chunked form", () => chunkedUpload(100), "form"],
    [
      "declared over the limit",
      () =>
        new Request(URL_, {
          method: "POST",
          body: "x",
          headers: { "content-length": String(MAX_UPLOAD_BODY_BYTES + 1) },
        }),
      TOO_LARGE,
    ],
    ["chunked just over the limit", () => chunkedUpload(MAX_UPLOAD_BODY_BYTES), TOO_LARGE],
    ["chunked and never ending", () => chunkedUpload(Infinity), TOO_LARGE],
    [
      "not multipart",
      () => new Request(URL_, { method: "POST", body: "name=x", headers: { "content-type": "text/plain" } }),
      UNREADABLE,
    ],
  ];
  it.each(rows)("%s", async (_label, request, expected) => {
    const read = await readUploadForm(request());
    if (expected === "form") {
      expect(read.ok && read.form.file?.bytes.length).toBe(100);
      return;
    }
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect({ status: read.response.status, message: (await read.response.json()).message }).toEqual(expected);
  });
});
