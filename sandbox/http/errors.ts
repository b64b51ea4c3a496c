// Errors a handler throws; the pipeline turns them into the platform's bodies:
// API errors `{"errors":[{"code","message","field"?}]}`, OAuth errors per RFC 6749.
import type { ApiErrorCode, ApiErrorItem, OAuthErrorCode } from "@/lib/contract";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly items: ApiErrorItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(items.map((i) => i.message).join("; "));
  }

  static of(
    status: number,
    code: ApiErrorCode | string,
    message: string,
    field?: string,
    headers?: Record<string, string>,
  ): ApiError {
    return new ApiError(status, [field ? { code, message, field } : { code, message }], headers);
  }
}

export const notFound = (what = "resource") => ApiError.of(404, "not_found", `The ${what} was not found.`);
export const badParam = (field: string, message: string) =>
  ApiError.of(400, "invalid_parameter", `${field}: ${message}`, field);

/** RFC 6749 codes: those of the token endpoint plus the two of section 4.1.2.1 for server trouble. */
export type OAuthErrorBodyCode = OAuthErrorCode | "server_error" | "temporarily_unavailable";

export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthErrorBodyCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}

/** An API error raised on an OAuth path (rate limit, injected fault, unreadable body) in RFC 6749 form. */
export function asOAuthError(err: ApiError): OAuthError {
  const code: OAuthErrorBodyCode =
    err.status === 429 || err.status === 503
      ? "temporarily_unavailable"
      : err.status >= 500
        ? "server_error"
        : "invalid_request";
  return new OAuthError(err.status, code, err.message, err.headers);
}
