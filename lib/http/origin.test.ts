import { describe, expect, it } from "vitest";
import { originProblem, requestHost } from "@/lib/http/origin";

const h = (init: Record<string, string>) => new Headers(init);

describe("originProblem", () => {
  it("lets through what no browser page sent, and this app's own pages", () => {
    expect(originProblem(h({ host: "app.test" }))).toBeNull();
    expect(
      originProblem(h({ host: "app.test", origin: "https://app.test", "sec-fetch-site": "same-origin" })),
    ).toBeNull();
    expect(
      originProblem(h({ host: "a:1", "x-forwarded-host": "app.test, proxy", origin: "https://app.test" })),
    ).toBeNull();
  });

  it("refuses another site and another origin, and an Origin that is no URL", () => {
    expect(originProblem(h({ host: "app.test", "sec-fetch-site": "cross-site" }))).toBe("another-site");
    expect(originProblem(h({ host: "app.test", "sec-fetch-site": "same-site", origin: "https://app.test" }))).toBe(
      "another-site",
    );
    expect(originProblem(h({ host: "app.test", origin: "https://evil.test" }))).toBe("another-origin");
    expect(originProblem(h({ host: "app.test", origin: "null" }))).toBe("another-origin");
    expect(originProblem(h({ origin: "https://app.test" }))).toBe("another-origin");
  });

  it("holds a request to one origin when it is given", () => {
    expect(originProblem(h({ host: "other.test", origin: "https://app.test" }), "https://app.test")).toBeNull();
    expect(originProblem(h({ host: "app.test", origin: "http://app.test" }), "https://app.test")).toBe(
      "another-origin",
    );
  });

  it("reads the host a request was sent to, the trusted proxy's first", () => {
    expect(requestHost(h({ host: "a:1", "x-forwarded-host": " app.test , b" }))).toBe("app.test");
    expect(requestHost(h({}))).toBe("");
  });
});
