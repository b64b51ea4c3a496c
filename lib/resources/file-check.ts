// The upload rules of spec 2.2 for one file, in plain words, shared by the browser (before upload)
// and the app's server (again, since the browser can be bypassed): an allowed extension, a size
// within the limit, and content whose detected type agrees with the extension. Not server-only.
import {
  ALLOWED_FILE_EXTENSIONS,
  CONTENT_TYPE_BY_EXTENSION,
  detectFileKind,
  EXTENSIONS_OF_KIND,
  fileExtension,
  isAllowedExtension,
  MAX_RESOURCE_FILE_BYTES,
} from "@/lib/contract";

export type FileProblemCode =
  "extension_not_allowed" | "name_not_allowed" | "empty" | "too_large" | "content_not_allowed" | "content_mismatch";
export interface FileProblem {
  code: FileProblemCode;
  message: string;
}
export type FileCheck = { ok: true; contentType: string } | { ok: false; problem: FileProblem };

export const ALLOWED_TYPES_LABEL = ALLOWED_FILE_EXTENSIONS.map((e) => e.toUpperCase()).join(", ");

/** What react-dropzone (and the input's `accept`) offers: the MIME types and their extensions. */
export const DROPZONE_ACCEPT: Record<string, string[]> = Object.entries(CONTENT_TYPE_BY_EXTENSION).reduce<
  Record<string, string[]>
>((acc, [ext, mime]) => ({ ...acc, [mime]: [...(acc[mime] ?? []), `.${ext}`] }), {});

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const MAX_FILE_LABEL = formatBytes(MAX_RESOURCE_FILE_BYTES);

const fail = (code: FileProblemCode, message: string): FileCheck => ({ ok: false, problem: { code, message } });

/**
 * Browsers send a file's base name only; a path (`../`), control characters or text-direction
 * overrides (which make `evil\u202Efdp.exe` read as `evilexe.pdf`) come from a hand-made request.
 */
const UNSAFE_FILE_NAME = /[/\\\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

/** Checks that need only the name and size (the browser runs these before reading the file). */
export function checkFileNameAndSize(fileName: string, size: number): FileCheck | null {
  const ext = fileExtension(fileName);
  if (!isAllowedExtension(ext)) {
    return fail(
      "extension_not_allowed",
      `${ext ? `.${ext} files are` : "Files without an extension are"} not accepted. Allowed types: ${ALLOWED_TYPES_LABEL}.`,
    );
  }
  if (UNSAFE_FILE_NAME.test(fileName)) {
    return fail(
      "name_not_allowed",
      "The file's name has characters that are not allowed (slashes, control characters or text-direction marks). Rename it.",
    );
  }
  if (size === 0) return fail("empty", "The file is empty.");
  if (size > MAX_RESOURCE_FILE_BYTES)
    return fail(
      "too_large",
      `The file is larger than ${MAX_FILE_LABEL}, the most the platform accepts (it is ${size.toLocaleString("en")} bytes).`,
    );
  return null;
}

/** Every rule, with the file's bytes: the content decides the type, the name must agree. */
export function checkResourceFile(fileName: string, bytes: Uint8Array): FileCheck {
  const early = checkFileNameAndSize(fileName, bytes.length);
  if (early) return early;
  const ext = fileExtension(fileName) as keyof typeof CONTENT_TYPE_BY_EXTENSION;
  const kind = detectFileKind(bytes);
  if (!kind)
    return fail(
      "content_not_allowed",
      `The file's content is not a real ${ext.toUpperCase()} (nor any allowed type), whatever its name says.`,
    );
  if (!EXTENSIONS_OF_KIND[kind].includes(ext)) {
    return fail(
      "content_mismatch",
      `The file's content is ${kind.toUpperCase()} but its name ends in .${ext}. Rename it to match.`,
    );
  }
  return { ok: true, contentType: CONTENT_TYPE_BY_EXTENSION[ext] };
}
