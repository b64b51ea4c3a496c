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

  static of(status: number, code: ApiErrorCode | string, message: string, field?: string, headers?: Record<string, string>): ApiError {
    return new ApiError(status, [field ? { code, message, field } : { code, message }], headers);
  }
}

export const notFound = (what = "resource") => ApiError.of(404, "not_found", `The ${what} was not found.`);
export const badParam = (field: string, message: string) => ApiError.of(400, "invalid_parameter", `${field}: ${message}`, field);

export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(description);
  }
}
