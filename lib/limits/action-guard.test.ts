// What the app server refuses before Next.js decodes a server action: one row per request.
import { describe, expect, it } from "vitest";
import { SERVER_ACTION_BODY_LIMIT_BYTES, serverActionRefusal } from "@/lib/limits/action-guard";

const ACTION = { "next-action": "7f00aa", host: "localhost:3000", "content-length": "120" };
const TOO_LARGE = { status: 413, error: "This request is too large." };
const UNMEASURED = { status: 411, error: "This request must state its length." };
const FOREIGN = { status: 403, error: "This request did not come from this app." };

describe("serverActionRefusal", () => {
  it.each([
    [
      "not a server action, whatever it carries",
      { host: "localhost:3000", origin: "http://evil.example", "content-length": "99999999" },
      null,
    ],
    [
      "a server action from the app's own page",
      { ...ACTION, origin: "http://localhost:3000", "content-length": "120" },
      null,
    ],
    ["without an Origin (not a browser page)", { ...ACTION }, null],
    [
      "at the body limit",
      { ...ACTION, origin: "http://localhost:3000", "content-length": String(SERVER_ACTION_BODY_LIMIT_BYTES) },
      null,
    ],
    [
      "over the body limit",
      { ...ACTION, origin: "http://localhost:3000", "content-length": String(SERVER_ACTION_BODY_LIMIT_BYTES + 1) },
      TOO_LARGE,
    ],
    [
      "a body sent in chunks, without a length",
      { "next-action": "7f00aa", host: "localhost:3000", "transfer-encoding": "chunked" },
      UNMEASURED,
    ],
    [
      "no length at all, even from the app's own page",
      { "next-action": "7f00aa", host: "localhost:3000", origin: "http://localhost:3000" },
      UNMEASURED,
    ],
    ["from another site", { ...ACTION, origin: "http://evil.example" }, FOREIGN],
    ["from another port of the same host", { ...ACTION, origin: "http://localhost:3001" }, FOREIGN],
    ["an Origin that is not a URL", { ...ACTION, origin: "garbage" }, FOREIGN],
    ["the literal null Origin", { ...ACTION, origin: "null" }, FOREIGN],
    [
      "behind a proxy: the forwarded host counts",
      {
        ...ACTION,
        host: "10.0.0.5:3000",
        "x-forwarded-host": "clinic.example.org",
        origin: "https://clinic.example.org",
      },
      null,
    ],
    [
      "behind a proxy, from another site",
      { ...ACTION, host: "10.0.0.5:3000", "x-forwarded-host": "clinic.example.org", origin: "https://evil.example" },
      FOREIGN,
    ],
  ])("%s", (_name, headers, expected) => {
    expect(serverActionRefusal(new Headers(headers))).toEqual(expected);
  });

  // Without JavaScript, a form reaches a server action as a plain POST to the page (no Next-Action).
  const FORM = { host: "localhost:3000", "content-type": "multipart/form-data; boundary=x", "content-length": "300" };
  it.each([
    ["a form from another site", "POST", "/resources", { ...FORM, origin: "http://evil.example" }, FOREIGN],
    [
      "an urlencoded form from another site",
      "POST",
      "/admin/users",
      { ...FORM, "content-type": "application/x-www-form-urlencoded", origin: "http://evil.example" },
      FOREIGN,
    ],
    ["a form from the opaque null origin", "POST", "/", { ...FORM, origin: "null" }, FOREIGN],
    ["a form from the app's own page", "POST", "/resources", { ...FORM, origin: "http://localhost:3000" }, null],
    ["a form without an Origin (not a browser page)", "POST", "/resources", FORM, null],
    [
      "a JSON route (it checks its callers itself)",
      "POST",
      "/api/auth/signout",
      { ...FORM, origin: "http://evil.example" },
      null,
    ],
    ["a GET from another site", "GET", "/resources", { host: "localhost:3000", origin: "http://evil.example" }, null],
    [
      "a POST that is not a form",
      "POST",
      "/resources",
      { host: "localhost:3000", "content-type": "text/plain", origin: "http://evil.example" },
      null,
    ],
  ])("no script: %s", (_name, method, path, headers, expected) => {
    expect(serverActionRefusal(new Headers(headers), { method, path })).toEqual(expected);
  });
});
