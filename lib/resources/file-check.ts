// The upload rules of spec 2.2 for one file, said by catalog key and values (`files.*`), shared by the browser (before upload)
// and the app's server (again, since the browser can be bypassed): an allowed extension, a size
// within the limit, and content whose detected type agrees with the extension. Not server-only.
import { detectFileKind, EXTENSIONS_OF_KIND } from "@/lib/contract/file-kind";
import {
  ALLOWED_FILE_EXTENSIONS,
  CONTENT_TYPE_BY_EXTENSION,
  fileExtension,
  isAllowedExtension,
  MAX_RESOURCE_FILE_BYTES,
} from "@/lib/contract/resource-values";
import { formatSize } from "@/lib/format/size";

export type FileProblemCode =
  "extension_not_allowed" | "name_not_allowed" | "empty" | "too_large" | "content_not_allowed" | "content_mismatch";
export interface FileProblem {
  code: FileProblemCode;
  /** A catalog key (`files.*`); `values` fill it. */
  message: string;
  values: Record<string, string | number>;
}
export type FileCheck = { ok: true; contentType: string } | { ok: false; problem: FileProblem };

export const ALLOWED_TYPES_LABEL = ALLOWED_FILE_EXTENSIONS.map((e) => e.toUpperCase()).join(", ");

/** What react-dropzone (and the input's `accept`) offers: the MIME types and their extensions. */
export const DROPZONE_ACCEPT: Record<string, string[]> = Object.entries(CONTENT_TYPE_BY_EXTENSION).reduce<
  Record<string, string[]>
>((acc, [ext, mime]) => ({ ...acc, [mime]: [...(acc[mime] ?? []), `.${ext}`] }), {});

/** The most the platform accepts, in the reader's words ("10 MB", « 10 Mo »). */
export const maxFileLabel = (locale: string) => formatSize(MAX_RESOURCE_FILE_BYTES, locale, "down");

const fail = (code: FileProblemCode, values: Record<string, string | number> = {}): FileCheck => ({
  ok: false,
  problem: { code, message: `files.${code}`, values },
});

/**
 * Browsers send a file's base name only; a path (`../`), control characters or text-direction
 * overrides (which make `evil\u202Efdp.exe` read as `evilexe.pdf`) come from a hand-made request.
 */
const UNSAFE_FILE_NAME = /[/\\\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/**
 * Checks that need only the name and size (the browser runs these before reading the file). Sizes
 * are said in the reader's words, so `locale` is the language the problem will be said in.
 */
export function checkFileNameAndSize(fileName: string, size: number, locale: string): FileCheck | null {
  const ext = fileExtension(fileName);
  if (!isAllowedExtension(ext)) {
    return fail("extension_not_allowed", { ext: ext || "", hasExt: ext ? "yes" : "no", allowed: ALLOWED_TYPES_LABEL });
  }
  if (UNSAFE_FILE_NAME.test(fileName)) {
    return fail("name_not_allowed");
  }
  if (size === 0) return fail("empty");
  if (size > MAX_RESOURCE_FILE_BYTES)
    return fail("too_large", { limit: maxFileLabel(locale), size: formatSize(size, locale, "up") });
  return null;
}

/** Every rule, with the file's bytes: the content decides the type, the name must agree. */
export function checkResourceFile(fileName: string, bytes: Uint8Array, locale: string): FileCheck {
  const early = checkFileNameAndSize(fileName, bytes.length, locale);
  if (early) return early;
  const ext = fileExtension(fileName) as keyof typeof CONTENT_TYPE_BY_EXTENSION;
  const kind = detectFileKind(bytes);
  if (!kind) return fail("content_not_allowed", { type: ext.toUpperCase() });
  if (!EXTENSIONS_OF_KIND[kind].includes(ext)) {
    return fail("content_mismatch", { kind: kind.toUpperCase(), ext });
  }
  return { ok: true, contentType: CONTENT_TYPE_BY_EXTENSION[ext] };
}
