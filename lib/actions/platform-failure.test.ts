import { describe, expect, it } from "vitest";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import { errorFromResponse, PlatformUnavailableError, UnexpectedResponseError } from "@/lib/clinic-api/errors";
import { describeForLog, failureOf } from "./platform-failure";
import { HTTP_STATUS, type ActionFailure } from "@/lib/results/result";
import { translatorFor } from "@/lib/i18n/translator";
import { localizeResult } from "@/lib/i18n/settle";

/** The answer and the HTTP status a JSON route gives it, worded as the resource actions word a 404. */
function platformFailure(error: unknown) {
  const failure = localizeResult(
    translatorFor("en"),
    failureOf(error, { notFound: "resourceOrPractitioner" }),
  ) as ActionFailure;
  return { status: HTTP_STATUS[failure.code], failure };
}

const body = (code: string, message: string, field?: string) => ({
  errors: [{ code, message, ...(field ? { field } : {}) }],
});

describe("failureOf: plain words, the request id, and where to go", () => {
  it.each([
    [
      "422 on the file",
      errorFromResponse(422, "req-1", body("file_type_not_allowed", "The file's content is not allowed", "attachment")),
      422,
      /refused this: The file's content is not allowed\./,
      "req-1",
    ],
    [
      "404",
      errorFromResponse(404, "req-2", body("not_found", "resource not found")),
      404,
      /does not know this resource/,
      "req-2",
    ],
    [
      "403 on a shared resource",
      errorFromResponse(403, "req-3", body("forbidden", "only its owner can change it")),
      403,
      /only its owner can change it/,
      "req-3",
    ],
    [
      "429 with Retry-After",
      errorFromResponse(429, "req-4", body("rate_limited", "slow down"), 7_000),
      429,
      /Try again in 7 seconds/,
      "req-4",
    ],
    ["503", errorFromResponse(503, "req-5", undefined), 503, /not reachable right now/, "req-5"],
    ["time-out (no response)", new PlatformUnavailableError("timed out"), 503, /not reachable right now/, undefined],
    [
      "a body that breaks the contract",
      new UnexpectedResponseError("bad shape", { requestId: "req-6" }),
      502,
      /did not understand/,
      "req-6",
    ],
    ["our own bug", new TypeError("x is undefined"), 500, /on our side/, undefined],
  ])("%s", (_label, error, status, message, requestId) => {
    const result = platformFailure(error);
    expect(result.status).toBe(status);
    expect(result.failure.message).toMatch(message);
    expect(result.failure.requestId).toBe(requestId);
  });

  it("maps the platform's attachment fields onto the form's file field", () => {
    const error = errorFromResponse(422, "r", {
      errors: [
        { code: "file_type_mismatch", message: "content is pdf", field: "attachment_filename" },
        { code: "required", message: "name is required.", field: "name" },
      ],
    });
    expect(platformFailure(error).failure.errors).toEqual({ file: ["content is pdf"], name: ["name is required."] });
  });

  it("never echoes an unexpected error's own message", () => {
    expect(platformFailure(new Error("secret_token=abc")).failure.message).not.toContain("abc");
  });

  it.each([
    ["missing connection", new ReconnectRequiredError("missing"), "/signin?reason=missing"],
    ["refused token", errorFromResponse(401, "r", body("unauthorized", "no")), "/signin?reason=broken"],
  ])("%s → sign in again", (_label, error, reconnect) => {
    const result = platformFailure(error);
    expect(result.status).toBe(401);
    expect(result.failure.reconnect).toBe(reconnect);
  });
});

describe("describeForLog: the kind and the request id, never the message", () => {
  it.each([
    [
      "a platform 404",
      errorFromResponse(404, "req-9", body("not_found", "patient Ada Lovelace")),
      "platform not_found HTTP 404 (request req-9)",
    ],
    ["a time-out", new PlatformUnavailableError("timed out after secret_token=abc"), "platform platform_unavailable"],
    ["our own bug", new TypeError("x is undefined for secret_token=abc"), "TypeError"],
    ["not an Error at all", "secret_token=abc", "string"],
  ])("%s", (_label, error, expected) => {
    expect(describeForLog(error)).toBe(expected);
  });
});
