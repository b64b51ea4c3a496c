import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { HSTS, newNonce, securityHeaders } from "@/lib/security-headers";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
const cspFor = (env: Record<string, string>) =>
  Object.fromEntries(securityHeaders(parseConfig(env).clinicApiBaseUrl, "bm9uY2U=").map((h) => [h.key, h.value]))[
    "Content-Security-Policy"
  ];

describe("securityHeaders", () => {
  // As proxy.ts computes them: from lib/config's platform base URL.
  const cases: Array<[string, Record<string, string>, string]> = [
    ["nothing set: the local sandbox's default port", {}, "http://127.0.0.1:4010"],
    ["the sandbox on another port", { SANDBOX_PORT: "4110" }, "http://127.0.0.1:4110"],
    [
      "an explicit base URL wins and loses its path",
      { CLINIC_API_BASE_URL: "https://api.sandbox.example.com/v1/", SANDBOX_PORT: "4110" },
      "https://api.sandbox.example.com",
    ],
  ];
  it.each(cases)("frames only the platform's origin: %s", (_name, env, origin) => {
    const csp = cspFor(env);
    expect(directive(csp, "frame-src")).toBe(`frame-src ${origin}`);
    expect(directive(csp, "form-action")).toBe(`form-action 'self' ${origin}`);
  });

  it("refuses to be framed by anyone", () => {
    const headers = Object.fromEntries(
      securityHeaders("https://platform.example.com", "bm9uY2U=").map((h) => [h.key, h.value]),
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
    const config = parseConfig({ APP_URL: appUrl });
    const headers = Object.fromEntries(
      securityHeaders(config.clinicApiBaseUrl, "bm9uY2U=", config.appUrl).map((h) => [h.key, h.value]),
    );
    expect(headers["Strict-Transport-Security"]).toBe(expected);
  });
});
