import { describe, expect, it } from "vitest";
import { parseConfig } from "@/lib/config";
import { securityHeaders } from "@/lib/security-headers";

const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `));
const cspFor = (env: Record<string, string>) =>
  Object.fromEntries(securityHeaders(parseConfig(env).clinicApiBaseUrl).map((h) => [h.key, h.value]))[
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
    const headers = Object.fromEntries(securityHeaders("https://platform.example.com").map((h) => [h.key, h.value]));
    expect(directive(headers["Content-Security-Policy"], "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(headers["X-Frame-Options"]).toBe("DENY");
  });
});
