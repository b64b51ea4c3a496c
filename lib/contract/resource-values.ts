// The resource rules that need no validator: the types and categories, the allowed files and their
// limits, and the data URI helpers. Zod-free, so the browser can import them without zod; the
// schemas in ./resources are built from these same values.
export const RESOURCE_TYPES = ["Guide", "Handout", "Infographic", "Meal plan", "Workbook"] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const RESOURCE_CATEGORIES = [
  "Nutrition",
  "Lifestyle",
  "Physical activity",
  "Supplements",
  "Health conditions",
] as const;
export type ResourceCategory = (typeof RESOURCE_CATEGORIES)[number];

export const ALLOWED_FILE_EXTENSIONS = ["jpg", "jpeg", "png", "pdf", "doc", "xlsx", "pptx"] as const;
export type AllowedFileExtension = (typeof ALLOWED_FILE_EXTENSIONS)[number];

/** The MIME type the platform records for each allowed extension. */
export const CONTENT_TYPE_BY_EXTENSION: Record<AllowedFileExtension, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  doc: "application/msword",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
};

/** Largest accepted file (decoded bytes). The real limit is not published; the sandbox uses 10 MiB. */
export const MAX_RESOURCE_FILE_BYTES = 10 * 1024 * 1024;
/** Largest accepted JSON request body: the base64 of the largest file plus room for the other fields. */
export const MAX_REQUEST_BODY_BYTES = Math.ceil((MAX_RESOURCE_FILE_BYTES * 4) / 3) + 64 * 1024;

/** The extension of a file name, lower-cased, or "" when there is none. */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
}

export function isAllowedExtension(ext: string): ext is AllowedFileExtension {
  return (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext);
}

/** Builds the `attachment` value from raw bytes (for clients and tests; works in Node and browsers). */
export function toDataUri(bytes: Uint8Array, contentType: string): string {
  return `data:${contentType};base64,${bytesToBase64(bytes)}`;
}

function bytesToBase64(bytes: Uint8Array): string {
  if (typeof Buffer !== "undefined")
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function base64ToBytes(b64: string): Uint8Array {
  if (typeof Buffer !== "undefined") return Buffer.from(b64, "base64");
  const binary = atob(b64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

const DATA_URI = /^data:([\w.+-]+\/[\w.+-]+)?(;[\w-]+=[^;,]*)*;base64,([A-Za-z0-9+/=\s]*)$/;

/** Parses a base64 data URI; null when it is not one. */
export function parseDataUri(value: string): { contentType: string | null; bytes: Uint8Array } | null {
  const m = DATA_URI.exec(value);
  if (!m) return null;
  return { contentType: m[1] ?? null, bytes: base64ToBytes(m[3].replace(/\s+/g, "")) };
}
