import { describe, expect, it } from "vitest";
import { safeCallbackUrl, signInMessage } from "@/app/signin/messages";
import en from "@/messages/en.json";

const english = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], en);

describe("signInMessage", () => {
  it.each([
    [{ error: "OAuthCallback" }, "error", /expired or been used/],
    [{ error: "AccessDenied" }, "error", /Access was not allowed on the platform/],
    [{ error: "<script>alert(1)</script>" }, "error", /^Signing in did not work/],
    [{ reason: "broken" }, "info", /no longer accepts/],
    [{ reason: "signedout" }, "info", /^You are signed out\. Sign in again/],
  ] as const)("%o", (params, tone, text) => {
    const message = signInMessage(params);
    expect(message?.tone).toBe(tone);
    expect(english(message?.key ?? "")).toMatch(text);
    expect(message?.key).not.toContain("<script>");
  });

  it("says nothing without a reason", () => {
    expect(signInMessage({})).toBeNull();
    expect(signInMessage({ reason: "made-up" })).toBeNull();
  });
});

describe("safeCallbackUrl decides with the browser's URL parser", () => {
  const APP = "http://localhost:3000";
  const decoded = (query: string) => new URLSearchParams(query).get("callbackUrl") ?? "";
  it.each([
    ["/resources", "/resources"],
    ["/events?type=patient.created", "/events?type=patient.created"],
    ["/events#top", "/events#top"],
    ["/admin/../events", "/events"],
    [`${APP}/patients`, "/patients"],
    [undefined, "/"],
    ["", "/"],
  ])("keeps a place on this site: %s → %s", (input, expected) => expect(safeCallbackUrl(input, APP)).toBe(expected));

  // Known bypasses, as the query string arrives (decoded as the page's searchParams are).
  const bypasses = [
    "https://evil.example/",
    "//evil.example/",
    "/\\evil.example",
    "\\evil.example",
    "/\t/127.0.0.1:5999/stolen",
    decoded("callbackUrl=/%09/127.0.0.1:5999/stolen"),
    decoded("callbackUrl=/%0a/127.0.0.1:5999/stolen"),
    decoded("callbackUrl=/%0d/127.0.0.1:5999/stolen"),
    decoded("callbackUrl=/%0d%0a/evil.example"),
    decoded("callbackUrl=%2F%2Fevil.example"),
    decoded("callbackUrl=/%5Cevil.example"),
    "/\n/evil.example",
    "\t//evil.example",
    " //evil.example",
    "/./\\evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://evil.example/",
    "blob:http://localhost:3000/x",
    "http://localhost:3001/",
    "https://localhost:3000/",
    "http://localhost:3000@evil.example/",
    "http:evil.example",
    "https:/evil.example",
    "///evil.example",
    "\u3002evil.example",
  ];
  it.each(bypasses)("refuses %j (never another site, never a raw control character)", (input) => {
    const place = safeCallbackUrl(input, APP);
    const target = new URL(place, `${APP}/`);
    expect(target.origin).toBe(APP);
    expect(place.startsWith("/") && !place.startsWith("//")).toBe(true);
    expect(place).not.toMatch(/[\u0000-\u001f\u007f\\]/);
  });
  it("takes only one value and nothing that is not text", () => {
    expect(safeCallbackUrl(["/a", "//evil.example"], APP)).toBe("/");
    expect(safeCallbackUrl({ toString: () => "//evil.example" }, APP)).toBe("/");
  });
});
