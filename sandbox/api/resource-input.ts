// Input rules of spec 2.2 for creating and updating resources, with one error per field at fault.
// The file's type comes from its content; the name's extension must be allowed and agree with it.
import {
  ALLOWED_FILE_EXTENSIONS,
  CONTENT_TYPE_BY_EXTENSION,
  fileExtension,
  isAllowedExtension,
  MAX_RESOURCE_FILE_BYTES,
  parseDataUri,
  ResourceCreateInputSchema,
  ResourceUpdateInputSchema,
  type ApiErrorItem,
} from "@/lib/contract";
import type { z } from "zod";
import { ApiError } from "../http/errors";
import type { SandboxState } from "../state/store";
import type { StoredFile } from "../state/types";
import { detectFileKind, EXTENSIONS_OF_KIND } from "./file-kind";
import { secret } from "../core/random";

const ALLOWED = ALLOWED_FILE_EXTENSIONS.join(", ");

function issuesToItems(issues: z.core.$ZodIssue[], body: Record<string, unknown>): ApiErrorItem[] {
  const seen = new Set<string>();
  const items: ApiErrorItem[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "body");
    if (seen.has(field)) continue;
    seen.add(field);
    if (issue.code !== "unrecognized_keys" && body[field] === undefined)
      items.push({ code: "required", field, message: `${field} is required.` });
    else if (issue.code === "invalid_value")
      items.push({
        code: "invalid_value",
        field,
        message: `${field} must be one of: ${issue.values.map(String).join(", ")}.`,
      });
    else if (issue.code === "unrecognized_keys")
      for (const k of issue.keys)
        items.push({ code: "invalid_value", field: k, message: `${k} is not an accepted field.` });
    else items.push({ code: "invalid_value", field, message: `${field}: ${issue.message}` });
  }
  return items;
}

/** Decodes and checks an attachment; pushes problems onto `items`. */
function checkFile(attachment: string, fileName: string, items: ApiErrorItem[]): StoredFile | null {
  const ext = fileExtension(fileName);
  if (!isAllowedExtension(ext)) {
    items.push({
      code: "file_type_not_allowed",
      field: "attachment_filename",
      message: `File type .${ext || "(none)"} is not allowed; allowed types: ${ALLOWED}.`,
    });
  }
  const decoded = parseDataUri(attachment);
  const parsed = decoded && {
    bytes: Buffer.from(decoded.bytes.buffer, decoded.bytes.byteOffset, decoded.bytes.byteLength),
  };
  if (!parsed) {
    items.push({
      code: "invalid_attachment",
      field: "attachment",
      message: "attachment must be a base64 data URI: data:<mime type>;base64,<bytes>.",
    });
    return null;
  }
  if (parsed.bytes.length === 0) {
    items.push({ code: "invalid_attachment", field: "attachment", message: "attachment is empty." });
    return null;
  }
  if (parsed.bytes.length > MAX_RESOURCE_FILE_BYTES) {
    items.push({
      code: "file_too_large",
      field: "attachment",
      message: `attachment is ${parsed.bytes.length} bytes; the maximum is ${MAX_RESOURCE_FILE_BYTES} bytes (10 MiB).`,
    });
    return null;
  }
  const kind = detectFileKind(parsed.bytes);
  if (!kind) {
    items.push({
      code: "file_type_not_allowed",
      field: "attachment",
      message: `The file's content is not one of the allowed types (${ALLOWED}).`,
    });
    return null;
  }
  if (!isAllowedExtension(ext)) return null;
  if (!EXTENSIONS_OF_KIND[kind].includes(ext)) {
    items.push({
      code: "file_type_mismatch",
      field: "attachment_filename",
      message: `The file's content is ${kind} but its name ends in .${ext}.`,
    });
    return null;
  }
  return { fileName, contentType: CONTENT_TYPE_BY_EXTENSION[ext], bytes: parsed.bytes, linkToken: secret("f", 12) };
}

function checkPlan(s: SandboxState, clinicId: string, id: string | null | undefined, items: ApiErrorItem[]): void {
  if (id === null || id === undefined) return;
  const plan = s.treatmentPlans.get(id);
  if (!plan || plan.clinicId !== clinicId)
    items.push({
      code: "invalid_value",
      field: "treatment_plan_id",
      message: "treatment_plan_id does not name a treatment plan of this clinic.",
    });
}

export function validateCreate(s: SandboxState, clinicId: string, body: Record<string, unknown>) {
  const parsed = ResourceCreateInputSchema.safeParse(body);
  const items = parsed.success ? [] : issuesToItems(parsed.error.issues, body);
  if (!parsed.success) throw new ApiError(422, items);
  const file = checkFile(parsed.data.attachment, parsed.data.attachment_filename, items);
  checkPlan(s, clinicId, parsed.data.treatment_plan_id, items);
  if (items.length || !file) throw new ApiError(422, items);
  return { input: parsed.data, file };
}

export function validateUpdate(s: SandboxState, clinicId: string, body: Record<string, unknown>) {
  const parsed = ResourceUpdateInputSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(422, issuesToItems(parsed.error.issues, body));
  const input = parsed.data;
  const items: ApiErrorItem[] = [];
  if (Object.values(input).every((v) => v === undefined)) {
    throw ApiError.of(
      422,
      "required",
      "Send at least one of: name, type, category, treatment_plan_id, save_to_library, attachment.",
      "body",
    );
  }
  let file: StoredFile | null = null;
  if (input.attachment !== undefined) {
    if (!input.attachment_filename)
      items.push({
        code: "required",
        field: "attachment_filename",
        message: "attachment_filename is required with attachment.",
      });
    else file = checkFile(input.attachment, input.attachment_filename, items);
  } else if (input.attachment_filename !== undefined) {
    items.push({ code: "required", field: "attachment", message: "attachment_filename needs an attachment." });
  }
  checkPlan(s, clinicId, input.treatment_plan_id, items);
  if (items.length) throw new ApiError(422, items);
  return { input, file };
}
