// The upload route's work (POST a new resource, PUT a replacement file with its fields): multipart
// from the browser, so XMLHttpRequest can report real upload progress, then JSON with a base64 data
// URI to the platform (spec 2.2 as the contract carries it). Checks, in order: the caller's role,
// the request's origin and size, the fields, the file by its content, whose resources these are.
import "server-only";
import { authorize } from "@/lib/actions/builder";
import { failureOf } from "@/lib/actions/platform-failure";
import { respond } from "@/lib/actions/route";
import { failure, invalid, notFound, type ActionFailure } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { MAX_RESOURCE_FILE_BYTES } from "@/lib/contract";
import { DataUri } from "@/lib/clinic-api/json-body";
import { fieldErrors } from "@/lib/contract/field-errors";
import { readStreamedForm, type StreamedForm } from "@/lib/http/multipart";
import { RESOURCE_WORDING, actFor } from "@/lib/resources/actor";
import { checkResourceFile, maxFileLabel } from "@/lib/resources/file-check";
import { callerLocale, requestTranslator } from "@/lib/auth/language";
import { PlatformIdSchema, ResourceFieldsSchema, toCreateInput, toUpdateInput } from "@/lib/resources/fields";
import { auditResource } from "@/lib/audit/resource-entry";
import { log } from "@/lib/log/logger";
import { getConfig } from "@/lib/config";
import { configuredSecurityHeaders } from "@/lib/security-headers";
import { UnexpectedResponseError } from "@/lib/clinic-api/errors";
import { originProblem } from "@/lib/http/origin";

/** The largest multipart body: one file at the limit plus its fields and boundaries. */
export const MAX_UPLOAD_BODY_BYTES = MAX_RESOURCE_FILE_BYTES + 256 * 1024;

/** A failure in the app's one result shape; `status` only where HTTP says more than the kind does. */
const refuse = (answer: ActionFailure, status?: number) => respond(answer, status);

/**
 * The form, read as it streams in (lib/http/multipart.ts), its body capped whether or not it
 * declares its length: a chunked body would otherwise be read whole, however large.
 */
export async function readUploadForm(
  request: Request,
): Promise<{ ok: true; form: StreamedForm } | { ok: false; response: Response }> {
  const read = await readStreamedForm(request, {
    bodyBytes: MAX_UPLOAD_BODY_BYTES,
    fileBytes: MAX_RESOURCE_FILE_BYTES,
    fileField: "file",
  });
  if (read.ok) return read;
  if (read.why === "too-large")
    return {
      ok: false,
      response: await refuse(
        failure("invalid", "resources.upload.tooLarge", { values: { limit: maxFileLabel(await callerLocale()) } }),
        413,
      ),
    };
  return { ok: false, response: await refuse(failure("invalid", "resources.upload.unreadable"), 400) };
}

/** Browsers send Origin on POST/PUT; one from another site is refused (cookies ride along). */
function sameOrigin(request: Request): boolean {
  return originProblem(request.headers) === null;
}

/**
 * The upload's answer, with the headers proxy.ts sets on every other one: a multipart body skips
 * the proxy (its matcher), so that Next.js does not buffer it.
 */
export async function handleResourceUpload(request: Request, resourceId?: string): Promise<Response> {
  const response = await serveUpload(request, resourceId);
  for (const { key, value } of configuredSecurityHeaders(getConfig())) response.headers.set(key, value);
  return response;
}

async function serveUpload(request: Request, resourceId?: string): Promise<Response> {
  const access = await authorize(SECTIONS.resources.roles);
  if (!access.ok) return refuse(access.failure);
  if (!sameOrigin(request)) return refuse(failure("forbidden", "resources.upload.otherOrigin"));
  if (resourceId !== undefined && !PlatformIdSchema.safeParse(resourceId).success) return refuse(notFound("resource"));

  const read = await readUploadForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const fields = ResourceFieldsSchema.safeParse(
    Object.fromEntries(
      ["name", "type", "category", "treatment_plan_id", "save_to_library"].map((k) => [k, form.field(k)]),
    ),
  );
  if (!fields.success) return refuse(invalid(fieldErrors(fields.error.issues)));
  const file = form.file;
  if (!file && resourceId === undefined)
    return refuse(
      failure("invalid", "resources.upload.chooseFile", { errors: { file: ["resources.upload.chooseFile"] } }),
    );
  let attachment: { attachment: DataUri; attachment_filename: string } | undefined;
  if (file) {
    const checked = checkResourceFile(file.name, file.bytes, await callerLocale());
    if (!checked.ok) {
      const { code, message, values } = checked.problem;
      const said = (await requestTranslator())(message, values);
      return refuse(failure("invalid", said, { errors: { file: [said] } }), code === "too_large" ? 413 : 422);
    }
    attachment = { attachment: new DataUri(checked.contentType, file.bytes), attachment_filename: file.name };
  }

  const requested = form.field("practitioner_id") || undefined;
  if (requested !== undefined && !PlatformIdSchema.safeParse(requested).success)
    return refuse(notFound("practitioner"));
  try {
    const { client, practitionerId } = await actFor(access.caller, requested);
    if (resourceId === undefined) {
      if (!attachment) throw new Error("unreachable: create without a file");
      const resource = await client.resources.create(
        practitionerId,
        toCreateInput(fields.data, attachment.attachment, attachment.attachment_filename),
      );
      await auditResource(access.caller, "resource.created", resource.id, practitionerId, resource);
      return Response.json({ resource }, { status: 201 });
    }
    const resource = await client.resources.update(practitionerId, resourceId, {
      ...toUpdateInput(fields.data),
      ...attachment,
    });
    const action = attachment ? "resource.file_replaced" : "resource.edited";
    await auditResource(access.caller, action, resourceId, practitionerId, resource);
    return Response.json({ resource }, { status: 200 });
  } catch (error) {
    // The platform said yes (2xx) in words we could not read: the file may well be there, and "try
    // again" would upload it twice. Say so, and send the person to the list first.
    if (error instanceof UnexpectedResponseError && error.status !== undefined && error.status < 300)
      return refuse(failure("unexpected", "resources.upload.answerUnreadable", { requestId: error.requestId }));
    const answer = failureOf(error, RESOURCE_WORDING);
    if (answer.code === "error")
      log.error(`resources: upload failed: ${error instanceof Error ? error.name : "unknown"}`);
    return refuse(answer);
  }
}
