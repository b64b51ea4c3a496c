// Typed failures of the platform client, one class per thing the UI says differently. Every error
// carries the platform's X-Request-Id when there was a response, so a user can quote it to support.
// Messages never contain a token, a secret or a request body.
import { ApiErrorBodySchema, OAuthErrorBodySchema, type ApiErrorItem } from "@/lib/contract";

export type ClinicApiErrorKind =
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "validation"
  | "rate_limited"
  | "platform_unavailable"
  | "oauth"
  | "unexpected_response"
  | "unknown";

interface ErrorDetails {
  status?: number;
  requestId?: string;
  code?: string;
  cause?: unknown;
}

export class ClinicApiError extends Error {
  readonly kind: ClinicApiErrorKind = "unknown";
  readonly status?: number;
  readonly requestId?: string;
  /** The platform's error code (`errors[0].code`, or the OAuth `error`), when it gave one. */
  readonly code?: string;

  constructor(message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    // Each class names itself in a string: the production build shortens class names, and
    // new.target.name read "r" in the logs.
    this.name = "ClinicApiError";
    this.status = details.status;
    this.requestId = details.requestId;
    this.code = details.code;
  }
}

export class UnauthorizedError extends ClinicApiError {
  override name = "UnauthorizedError";
  override readonly kind = "unauthorized";
}

export class ForbiddenError extends ClinicApiError {
  override name = "ForbiddenError";
  override readonly kind = "forbidden";
}

export class NotFoundError extends ClinicApiError {
  override name = "NotFoundError";
  override readonly kind = "not_found";
}

export class ValidationError extends ClinicApiError {
  override name = "ValidationError";
  override readonly kind = "validation";
  /** Messages per field (body field or query parameter); `_` holds those that name no field. */
  readonly fieldErrors: Record<string, string[]>;

  constructor(message: string, fieldErrors: Record<string, string[]>, details: ErrorDetails = {}) {
    super(message, details);
    this.fieldErrors = fieldErrors;
  }
}

export class RateLimitedError extends ClinicApiError {
  override name = "RateLimitedError";
  override readonly kind = "rate_limited";
  /** How long the platform asked us to wait, when it said. */
  readonly retryAfterMs?: number;

  constructor(message: string, retryAfterMs: number | undefined, details: ErrorDetails = {}) {
    super(message, details);
    this.retryAfterMs = retryAfterMs;
  }
}

/** 5xx, a time-out, or no answer at all. */
export class PlatformUnavailableError extends ClinicApiError {
  override name = "PlatformUnavailableError";
  override readonly kind = "platform_unavailable";
}

/** An RFC 6749 error from the token or revoke endpoint (`code` is the OAuth `error`). */
export class OAuthError extends ClinicApiError {
  override name = "OAuthError";
  override readonly kind = "oauth";
}

/** The refresh token (or code) is spent, revoked or unknown: only a new sign-in helps. */
export class InvalidGrantError extends OAuthError {
  override name = "InvalidGrantError";
}

/** The platform answered 2xx with a body that does not match the contract. */
export class UnexpectedResponseError extends ClinicApiError {
  override name = "UnexpectedResponseError";
  override readonly kind = "unexpected_response";
}

function fieldErrorsOf(items: ApiErrorItem[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of items) (out[item.field ?? "_"] ??= []).push(item.message);
  return out;
}

/** Maps a failed response (status, X-Request-Id, parsed JSON body or undefined) to its error class. */
export function errorFromResponse(
  status: number,
  requestId: string | undefined,
  body: unknown,
  retryAfterMs?: number,
): ClinicApiError {
  const oauth = OAuthErrorBodySchema.safeParse(body);
  if (oauth.success && status < 500 && status !== 429) {
    const details = { status, requestId, code: oauth.data.error };
    const message = `The platform refused the authorization (${oauth.data.error})`;
    return oauth.data.error === "invalid_grant"
      ? new InvalidGrantError(message, details)
      : new OAuthError(message, details);
  }
  const api = ApiErrorBodySchema.safeParse(body);
  const items = api.success ? api.data.errors : [];
  const details = { status, requestId, code: items[0]?.code };
  const platformMessage = items.map((item) => item.message).join("; ");
  if (status === 400 || status === 422) {
    return new ValidationError(platformMessage || "The platform rejected the request", fieldErrorsOf(items), details);
  }
  if (status === 401) return new UnauthorizedError("The platform connection is not authorized", details);
  if (status === 403) return new ForbiddenError(platformMessage || "The platform refused access", details);
  if (status === 404) return new NotFoundError("Not found on the platform", details);
  if (status === 429) return new RateLimitedError("The platform is rate limiting requests", retryAfterMs, details);
  if (status >= 500) return new PlatformUnavailableError(`The platform is unavailable (HTTP ${status})`, details);
  return new ClinicApiError(platformMessage || `The platform answered HTTP ${status}`, details);
}
