import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { HSTS, newNonce, securityHeaders } from "@/lib/security-headers";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
const platformOf = (env: Record<string, string>) => {
  const config = parseConfig(env);
  return { apiUrl: config.clinicApiBaseUrl, webUrl: config.clinicWebUrl };
};
const cspFor = (env: Record<string, string>) =>
  Object.fromEntries(securityHeaders(platformOf(env), "bm9uY2U=").map((h) => [h.key, h.value]))[
    "Content-Security-Policy"
  ];

describe("securityHeaders", () => {
  // As proxy.ts computes them: from lib/config's platform base URL and web address.
  const cases: Array<[string, Record<string, string>, string, string]> = [
    ["nothing set: the local sandbox's default port", {}, "http://127.0.0.1:4010", "http://127.0.0.1:4010"],
    ["the sandbox on another port", { SANDBOX_PORT: "4110" }, "http://127.0.0.1:4110", "http://127.0.0.1:4110"],
    [
      "an explicit base URL wins and loses its path",
      { CLINIC_API_BASE_URL: "https://api.sandbox.example.com/v1/", SANDBOX_PORT: "4110" },
      "https://api.sandbox.example.com",
      "https://api.sandbox.example.com",
    ],
    [
      "the real servers: the embed on the web address, sign-in on the API's host",
      { CLINIC_API_BASE_URL: "https://api-us.example.com", CLINIC_WEB_URL: "https://us.example.com/app/" },
      "https://us.example.com",
      "https://api-us.example.com",
    ],
  ];
  it.each(cases)("frames and reaches only the platform's web origin: %s", (_name, env, framed, signIn) => {
    const csp = cspFor(env);
    expect(directive(csp, "frame-src")).toBe(`frame-src ${framed}`);
    // The embed library's tokenize call, and nothing else beyond the app.
    expect(directive(csp, "connect-src")).toBe(`connect-src 'self' ${framed}`);
    expect(directive(csp, "form-action")).toBe(`form-action 'self' ${signIn}`);
  });

  it("refuses to be framed by anyone", () => {
    const headers = Object.fromEntries(
      securityHeaders({ apiUrl: "https://api.example.com", webUrl: "https://platform.example.com" }, "bm9uY2U=").map(
        (h) => [h.key, h.value],
      ),
    );
    expect(directive(headers["Content-Security-Policy"], "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });

  it("runs only scripts with the response's nonce, never inline script", () => {
    const csp = cspFor({});
    expect(directive(csp, "script-src")).toBe("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(newNonce()).not.toBe(newNonce());
    expect(Buffer.from(newNonce(), "base64")).toHaveLength(16);
  });

  it.each([
    ["https://clinic-connect.example.org", HSTS],
    ["http://localhost:3000", undefined],
  ])("HSTS for an app at %s: %s", (appUrl, expected) => {
    const headers = Object.fromEntries(
      securityHeaders(platformOf({}), "bm9uY2U=", parseConfig({ APP_URL: appUrl }).appUrl).map((h) => [h.key, h.value]),
    );
    expect(headers["Strict-Transport-Security"]).toBe(expected);
  });
});
