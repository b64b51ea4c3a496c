import { describe, expect, it } from "vitest";
import { safeCallbackUrl, signInMessage } from "@/app/signin/messages";

describe("signInMessage", () => {
  it.each([
    [{ error: "OAuthCallback" }, "error", /expired or been used/],
    [{ error: "AccessDenied" }, "error", /did not grant access/],
    [{ error: "<script>alert(1)</script>" }, "error", /^Signing in did not work/],
    [{ reason: "broken" }, "info", /no longer accepts/],
    [{ reason: "signedout" }, "info", /revoked/],
  ] as const)("%o", (params, tone, text) => {
    const message = signInMessage(params);
    expect(message?.tone).toBe(tone);
    expect(message?.text).toMatch(text);
    expect(message?.text).not.toContain("<script>");
  });

  it("says nothing without a reason", () => {
    expect(signInMessage({})).toBeNull();
    expect(signInMessage({ reason: "made-up" })).toBeNull();
  });
});

describe("safeCallbackUrl", () => {
  it.each([
    ["/resources", "/resources"],
    ["/events?type=patient.created", "/events?type=patient.created"],
    [undefined, "/"],
    ["https://evil.example/", "/"],
    ["//evil.example/", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
  ])("%s → %s", (input, expected) => expect(safeCallbackUrl(input)).toBe(expected));
});
