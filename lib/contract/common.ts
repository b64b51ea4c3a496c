// Small shared pieces of the platform contract: timestamps, user references, API errors.
// Used by both the app's client (to parse responses) and the sandbox (to build them).
import { z } from "zod";
import { USER_TYPES } from "./user-types";

export * from "./user-types";

/** ISO 8601 UTC timestamp as the platform sends it (e.g. "2025-01-15T12:00:00.000Z"). */
export const TimestampSchema = z.iso.datetime({ offset: true });

export const UserTypeSchema = z.enum(USER_TYPES);

/** `{ id, type }` of a practitioner or staff member (token resource_owner, session grant user). */
export const UserRefSchema = z.looseObject({ id: z.string().min(1), type: UserTypeSchema });
export type UserRef = z.infer<typeof UserRefSchema>;

/**
 * Error codes the sandbox uses in API error bodies. The real platform's codes are not published,
 * so clients must treat `code` as an open string and use these only for known cases.
 */
export const API_ERROR_CODES = [
  "bad_request",
  "invalid_parameter",
  "validation_failed",
  "unauthorized",
  "token_expired",
  "forbidden",
  "clinic_key_invalid",
  "clinic_key_revoked",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
  "internal_error",
  "service_unavailable",
  // Field-level codes of 422 validation errors (each with `field`):
  "required",
  "invalid_value",
  "invalid_attachment",
  "file_type_not_allowed",
  "file_type_mismatch",
  "file_too_large",
  "conflict",
  // A value that must be unique is already used (a patient's email, the integrator's own id).
  "taken",
] as const;
export type ApiErrorCode = (typeof API_ERROR_CODES)[number];

/** One entry of an API error body; `field` names the body field or query parameter at fault. */
export const ApiErrorItemSchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
});
export type ApiErrorItem = z.infer<typeof ApiErrorItemSchema>;

/** `{"errors":[{"code","message"}]}` — every non-OAuth error response. */
export const ApiErrorBodySchema = z.object({ errors: z.array(ApiErrorItemSchema).min(1) });
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

/**
 * Header names used across the API. The clinic key's and the signature's are the spec's, and only
 * defaults: the running names are configuration (header-names.ts).
 */
export const HEADERS = {
  requestId: "X-Request-Id",
  clinicKey: "X-Service-Clinic-Key",
  signature: "Service-Signature",
  retryAfter: "Retry-After",
} as const;

/**
 * A record as the platform answers it under `key`, or the record bare. The platform's documentation
 * shows some answers bare (the session grant) where the spec's own examples wrap; where neither
 * shows the answer, both are accepted. A bare record is told from a wrapper by `key` holding an object.
 */
export function wrappedOrBare<K extends string, T extends z.ZodType>(key: K, record: T) {
  return z.preprocess(
    (body) => {
      const inner = body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined;
      return { [key]: inner && typeof inner === "object" && !Array.isArray(inner) ? inner : body };
    },
    z.object({ [key]: record } as { [P in K]: T }),
  );
}
