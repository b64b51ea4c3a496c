// A form body (multipart, or URL-encoded) read as it arrives, with busboy: its text fields, and one
// file written straight into a single buffer. Request.formData() would hold an upload several times
// over before the route saw it (the body's chunks, their joined copy, the File, its ArrayBuffer):
// garbage of several times each upload, which a run of uploads leaves in the process's memory.
// Capped as capped-body.ts caps: a declared length over the cap is refused unread, and a body that
// passes it while streaming is cut off there.
import "server-only";
import busboy from "busboy";

export interface FormFile {
  /** The name as sent (a browser sends a base name; a hand-made request may not), decoded as UTF-8. */
  name: string;
  bytes: Buffer;
}

export interface StreamedForm {
  /** A text field's first value. */
  field(name: string): string | undefined;
  /** The file sent under the file field, if any (a second one is ignored). */
  file: FormFile | undefined;
}

export type FormRead = { ok: true; form: StreamedForm } | { ok: false; why: "too-large" | "unreadable" };

export interface FormLimits {
  /** The whole body's most. */
  bodyBytes: number;
  /** The file's most: one byte more is "too-large". */
  fileBytes: number;
  /** The field whose part is the file. */
  fileField: string;
}

/** Text fields are short (names, ids, flags): these bounds keep a hand-made body from filling memory. */
const FIELD_LIMITS = { fields: 32, fieldSize: 64 * 1024, files: 4, parts: 48, headerPairs: 16 };

/**
 * The file's bytes in one buffer. With a declared length (what browsers send), it is allocated once
 * at that size, which bounds the file; a chunked body's pieces are joined at the end.
 */
function fileSink(declared: number | undefined) {
  let buffer = declared ? Buffer.allocUnsafe(declared) : undefined;
  const pieces: Buffer[] = [];
  let size = 0;
  return {
    write(chunk: Buffer) {
      if (buffer && size + chunk.length <= buffer.length) chunk.copy(buffer, size);
      else {
        // Longer than declared cannot happen over HTTP/1.1 (Node ends the body at its length); kept whole anyway.
        if (buffer) pieces.push(buffer.subarray(0, size));
        buffer = undefined;
        pieces.push(chunk);
      }
      size += chunk.length;
    },
    bytes: (): Buffer => (buffer ? buffer.subarray(0, size) : Buffer.concat(pieces, size)),
  };
}

/** Resolves at the parser's first drain, close or error, and leaves none of its listeners behind. */
function drainedOrEnded(parser: busboy.Busboy): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      parser.off("drain", go).off("close", go).off("error", go);
      resolve();
    };
    parser.on("drain", go).on("close", go).on("error", go);
  });
}

export async function readStreamedForm(request: Request, limits: FormLimits): Promise<FormRead> {
  const declaredHeader = request.headers.get("content-length");
  const declared = declaredHeader === null ? undefined : Number(declaredHeader);
  if (declared !== undefined && !(Number.isSafeInteger(declared) && declared >= 0))
    return { ok: false, why: "unreadable" };
  if (declared !== undefined && declared > limits.bodyBytes) return { ok: false, why: "too-large" };
  const contentType = request.headers.get("content-type");
  if (!contentType || !request.body) return { ok: false, why: "unreadable" };
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      // The name as sent: busboy would otherwise cut a path ("../../x.pdf") to its base name, and
      // the route refuses a name with a path in it rather than guess what was meant.
      preservePath: true,
      // busboy says "limit" when a file reaches its size: one byte over ours.
      limits: { ...FIELD_LIMITS, fileSize: limits.fileBytes + 1 },
    });
  } catch {
    return { ok: false, why: "unreadable" }; // not a form, or a multipart type without its boundary
  }

  const fields = new Map<string, string>();
  let file: { name: string; sink: ReturnType<typeof fileSink> } | undefined;
  let failed: "too-large" | "unreadable" | undefined;
  const fail = (why: "too-large" | "unreadable") => {
    failed ??= why;
  };
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated || info.valueTruncated) return fail("unreadable");
    if (!fields.has(name)) fields.set(name, value);
  });
  parser.on("file", (name, stream, info) => {
    // A body cut short errors its file's stream too; the parser's own error says so already.
    stream.on("error", () => fail("unreadable"));
    if (name !== limits.fileField || file) return void stream.resume();
    const sink = fileSink(declared === undefined ? undefined : Math.min(declared, limits.fileBytes + 1));
    file = { name: info.filename ?? "", sink };
    stream.on("data", (chunk: Buffer) => sink.write(chunk));
    stream.on("limit", () => fail("too-large"));
  });
  parser.on("error", () => fail("unreadable"));
  parser.on("fieldsLimit", () => fail("unreadable"));
  parser.on("partsLimit", () => fail("unreadable"));
  const done = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  done.catch(() => undefined); // settled below; an early return must not leave it unhandled

  const reader = request.body.getReader();
  let read = 0;
  try {
    for (;;) {
      const { done: ended, value } = await reader.read();
      if (ended) break;
      read += value.byteLength;
      if (read > limits.bodyBytes) fail("too-large");
      if (failed) break;
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      // The parser's buffer is full (its file's reader has not yet taken the last chunk): wait for it,
      // or for the parser's end, which an error in the body brings about without a drain.
      if (!parser.write(chunk)) await drainedOrEnded(parser);
    }
    if (failed) {
      await reader.cancel().catch(() => undefined);
      parser.destroy();
      return { ok: false, why: failed };
    }
    parser.end();
    await done;
  } catch {
    await reader.cancel().catch(() => undefined);
    parser.destroy();
    return { ok: false, why: failed ?? "unreadable" };
  }
  if (failed) return { ok: false, why: failed };
  const sent = file;
  return {
    ok: true,
    form: {
      field: (name) => fields.get(name),
      file: sent && { name: sent.name, bytes: sent.sink.bytes() },
    },
  };
}
