import { describe, expect, it } from "vitest";
import { accessDeniedRedirect, configuredHostRedirect, signInAddress } from "@/lib/auth/front-door";

describe("configuredHostRedirect", () => {
  const app = "http://localhost:3000";
  it.each([
    ["http://127.0.0.1:3000/events?type=x", "GET", "http://localhost:3000/events?type=x"],
    ["http://[::1]:3000/", "HEAD", "http://localhost:3000/"],
    ["http://localhost:3000/events", "GET", null],
    ["http://127.0.0.1:3000/events", "POST", null],
    ["http://127.0.0.1:3001/events", "GET", null],
    ["http://127.0.0.1:3000/api/health", "GET", null],
    ["http://clinic.example:3000/events", "GET", null],
  ])("%s %s → %s", (url, method, expected) => {
    expect(configuredHostRedirect(new URL(url), method, app)?.href ?? null).toBe(expected);
  });
  it("stays when the configured host is not a loopback name (a real proxy may rewrite Host)", () => {
    expect(configuredHostRedirect(new URL("http://127.0.0.1:3000/"), "GET", "https://clinic.example")).toBeNull();
  });
});

describe("accessDeniedRedirect", () => {
  it("sends a denial at the platform to the sign-in page's message", () => {
    const url = new URL("http://localhost:3000/api/auth/callback/clinic?error=access_denied&state=s");
    expect(accessDeniedRedirect(url)?.href).toBe("http://localhost:3000/signin?error=AccessDenied");
  });
  it("leaves other callbacks and other errors to next-auth", () => {
    expect(accessDeniedRedirect(new URL("http://localhost:3000/api/auth/callback/clinic?code=c"))).toBeNull();
    expect(
      accessDeniedRedirect(new URL("http://localhost:3000/api/auth/callback/clinic?error=server_error")),
    ).toBeNull();
    expect(accessDeniedRedirect(new URL("http://localhost:3000/events?error=access_denied"))).toBeNull();
  });
});

describe("signInAddress", () => {
  it.each([
    [null, "/signin"],
    ["/", "/signin"],
    ["/signin?x=1", "/signin"],
    ["//evil.example/", "/signin"],
    [
      "/events?category=patients&type=patient.created",
      "/signin?callbackUrl=%2Fevents%3Fcategory%3Dpatients%26type%3Dpatient.created",
    ],
  ])("%s → %s", (returnTo, expected) => {
    expect(signInAddress(returnTo)).toBe(expected);
  });

  it("says why the session ended, before the place to return to", () => {
    expect(signInAddress("/", "broken")).toBe("/signin?reason=broken");
    expect(signInAddress("/patients?q=ann", "revoked")).toBe(
      "/signin?reason=revoked&callbackUrl=%2Fpatients%3Fq%3Dann",
    );
  });
});
