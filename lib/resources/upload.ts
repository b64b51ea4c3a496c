// The upload route's work (POST a new resource, PUT a replacement file with its fields): multipart
// from the browser, so XMLHttpRequest can report real upload progress, then JSON with a base64 data
// URI to the platform (spec 2.2 as the contract carries it). Checks, in order: the caller's role,
// the request's origin and size, the fields, the file by its content, whose resources these are.
import "server-only";
import { authorizeRoute } from "@/lib/auth";
import { MAX_RESOURCE_FILE_BYTES, toDataUri } from "@/lib/contract";
import { capRequestBody } from "@/lib/http/capped-body";
import { RESOURCE_ROLES, actFor } from "@/lib/resources/actor";
import { platformFailure } from "@/lib/resources/failure";
import { checkResourceFile, MAX_FILE_LABEL } from "@/lib/resources/file-check";
import {
  fieldErrorsOf,
  PlatformIdSchema,
  ResourceFieldsSchema,
  toCreateInput,
  toUpdateInput,
} from "@/lib/resources/fields";
import type { Failure } from "@/lib/resources/result";
import { auditResource } from "@/lib/audit/resource-entry";

/** The largest multipart body: one file at the limit plus its fields and boundaries. */
export const MAX_UPLOAD_BODY_BYTES = MAX_RESOURCE_FILE_BYTES + 256 * 1024;

const refuse = (status: number, message: string, errors: Record<string, string[]> = {}) =>
  Response.json({ message, errors } satisfies Failure, { status });

function text(form: FormData, key: string): string | undefined {
  const value = form.get(key);
  return typeof value === "string" ? value : undefined;
}

/**
 * The multipart form, its body capped whether or not it declares its length: a chunked body would
 * otherwise go into formData() whole, however large.
 */
export async function readUploadForm(
  request: Request,
): Promise<{ ok: true; form: FormData } | { ok: false; response: Response }> {
  const tooLarge = () => ({
    ok: false as const,
    response: refuse(413, `The file is larger than the limit of ${MAX_FILE_LABEL}.`),
  });
  const capped = capRequestBody(request, MAX_UPLOAD_BODY_BYTES);
  if (!capped) return tooLarge();
  try {
    return { ok: true, form: await capped.request.formData() };
  } catch {
    if (capped.exceeded()) return tooLarge();
    return { ok: false, response: refuse(400, "The upload could not be read. Choose the file again and retry.") };
  }
}

/** Browsers send Origin on POST/PUT; one from another site is refused (cookies ride along). */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin) return true;
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export async function handleResourceUpload(request: Request, resourceId?: string): Promise<Response> {
  const auth = await authorizeRoute(...RESOURCE_ROLES);
  if (!auth.ok)
    return refuse(
      auth.response.status,
      auth.response.status === 401 ? "Sign in first." : "Your role cannot manage resources.",
    );
  if (!sameOrigin(request)) return refuse(403, "This upload did not come from this app.");
  if (resourceId !== undefined && !PlatformIdSchema.safeParse(resourceId).success)
    return refuse(404, "There is no such resource.");

  const read = await readUploadForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const fields = ResourceFieldsSchema.safeParse(
    Object.fromEntries(
      ["name", "type", "category", "treatment_plan_id", "save_to_library"].map((k) => [k, text(form, k)]),
    ),
  );
  if (!fields.success) return refuse(422, "Some fields need your attention.", fieldErrorsOf(fields.error.issues));
  const file = form.get("file");
  if (!(file instanceof File) && resourceId === undefined)
    return refuse(422, "Choose a file to upload.", { file: ["Choose a file to upload."] });
  let attachment: { attachment: string; attachment_filename: string } | undefined;
  if (file instanceof File) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const checked = checkResourceFile(file.name, bytes);
    if (!checked.ok)
      return refuse(checked.problem.code === "too_large" ? 413 : 422, checked.problem.message, {
        file: [checked.problem.message],
      });
    attachment = { attachment: toDataUri(bytes, checked.contentType), attachment_filename: file.name };
  }

  const requested = text(form, "practitioner_id") || undefined;
  if (requested !== undefined && !PlatformIdSchema.safeParse(requested).success)
    return refuse(404, "There is no such practitioner in your clinic.");
  const acting = await actFor(auth.caller, requested);
  if (!acting.ok) return Response.json(acting.failure, { status: acting.status });
  try {
    const resources = acting.client.resources;
    if (resourceId === undefined) {
      if (!attachment) throw new Error("unreachable: create without a file");
      const resource = await resources.create(
        acting.practitionerId,
        toCreateInput(fields.data, attachment.attachment, attachment.attachment_filename),
      );
      await auditResource(auth.caller, "resource.created", resource.id, acting.practitionerId, resource);
      return Response.json({ resource }, { status: 201 });
    }
    const resource = await resources.update(acting.practitionerId, resourceId, {
      ...toUpdateInput(fields.data),
      ...attachment,
    });
    const action = attachment ? "resource.file_replaced" : "resource.edited";
    await auditResource(auth.caller, action, resourceId, acting.practitionerId, resource);
    return Response.json({ resource }, { status: 200 });
  } catch (error) {
    const { status, failure } = platformFailure(error);
    if (status === 500) console.error("resource upload failed:", error instanceof Error ? error.name : "unknown");
    return Response.json(failure, { status });
  }
}
