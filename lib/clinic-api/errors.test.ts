import { describe, expect, it } from "vitest";
import {
  ClinicApiError,
  errorFromResponse,
  ForbiddenError,
  InvalidGrantError,
  NotFoundError,
  OAuthError,
  PlatformUnavailableError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from "@/lib/clinic-api/errors";

type Row = [string, number, unknown, abstract new (...args: never[]) => ClinicApiError, string];

const apiError = (code: string, message: string, field?: string) => ({
  errors: [{ code, message, ...(field ? { field } : {}) }],
});

describe("errorFromResponse", () => {
  const rows: Row[] = [
    ["400 with field errors", 400, apiError("validation_failed", "is required", "name"), ValidationError, "validation"],
    ["422 validation", 422, apiError("validation_failed", "bad"), ValidationError, "validation"],
    ["400 with no body", 400, undefined, ValidationError, "validation"],
    ["401", 401, apiError("unauthorized", "token expired"), UnauthorizedError, "unauthorized"],
    ["401 without body", 401, undefined, UnauthorizedError, "unauthorized"],
    ["403 clinic key revoked", 403, apiError("clinic_key_revoked", "revoked"), ForbiddenError, "forbidden"],
    ["404", 404, apiError("not_found", "no such resource"), NotFoundError, "not_found"],
    ["429", 429, apiError("rate_limited", "slow down"), RateLimitedError, "rate_limited"],
    ["500", 500, apiError("internal_error", "boom"), PlatformUnavailableError, "platform_unavailable"],
    ["502 html body", 502, undefined, PlatformUnavailableError, "platform_unavailable"],
    ["503", 503, undefined, PlatformUnavailableError, "platform_unavailable"],
    ["504", 504, undefined, PlatformUnavailableError, "platform_unavailable"],
    ["OAuth invalid_grant", 400, { error: "invalid_grant", error_description: "spent" }, InvalidGrantError, "oauth"],
    ["OAuth invalid_client", 401, { error: "invalid_client" }, OAuthError, "oauth"],
    ["409 falls back to the base class", 409, apiError("conflict", "taken"), ClinicApiError, "unknown"],
  ];

  it.each(rows)("%s → %s", (_name, status, body, type, kind) => {
    const error = errorFromResponse(status, "req-123", body, status === 429 ? 5_000 : undefined);
    expect(error).toBeInstanceOf(type);
    expect(error).toBeInstanceOf(ClinicApiError);
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.requestId).toBe("req-123");
  });

  it("collects field messages, and messages without a field under _", () => {
    const error = errorFromResponse(422, undefined, {
      errors: [
        { code: "validation_failed", message: "is required", field: "name" },
        { code: "validation_failed", message: "too long", field: "name" },
        { code: "validation_failed", message: "type not allowed", field: "attachment" },
        { code: "bad_request", message: "something else" },
      ],
    });
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({
      name: ["is required", "too long"],
      attachment: ["type not allowed"],
      _: ["something else"],
    });
    expect(error.code).toBe("validation_failed");
  });

  it("carries Retry-After on a rate limit", () => {
    expect((errorFromResponse(429, undefined, undefined, 7_000) as RateLimitedError).retryAfterMs).toBe(7_000);
  });

  it("keeps the class name for logs and never echoes the body into the message", () => {
    const error = errorFromResponse(400, "r", {
      error: "invalid_grant",
      error_description: "refresh token rt_secret123 spent",
    });
    expect(error.name).toBe("InvalidGrantError");
    expect(error.message).not.toContain("rt_secret123");
  });
});
