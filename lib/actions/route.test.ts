// The JSON routes' side of the result protocol: the query string as the action's input, and each
// kind of failure with its one HTTP status.
import { describe, expect, it } from "vitest";
import { localizeResult } from "@/lib/i18n/settle";
import { translatorFor } from "@/lib/i18n/translator";
import { queryInput, respond } from "./route";
import {
  FORBIDDEN,
  HTTP_STATUS,
  SIGNED_OUT,
  failure,
  invalid,
  notFound,
  succeeded,
  type FailureCode,
} from "@/lib/results/result";

describe("queryInput", () => {
  it.each<[string, string, Record<string, string>, Record<string, unknown>]>([
    ["nothing", "", {}, {}],
    ["each key once", "?category=orders&q=ada", {}, { category: "orders", q: "ada" }],
    ["a repeated key keeps its first value", "?q=first&q=second", {}, { q: "first" }],
    ["percent-encoding undone", "?q=%27%20OR%201%3D1", {}, { q: "' OR 1=1" }],
    ["the route's params win over the query", "?id=forged", { id: "evt_1" }, { id: "evt_1" }],
  ])("%s", (_name, search, params, expected) => {
    expect(queryInput(new Request(`http://app.test/api/events${search}`), params)).toEqual(expected);
  });
});

describe("respond", () => {
  it("says the refusal's words, not its key", async () => {
    expect(await (await respond(SIGNED_OUT)).json()).toMatchObject({
      message: "You are signed out. Sign in again to continue.",
    });
  });

  it.each<[string, Parameters<typeof respond>[0], number]>([
    ["success", succeeded({ n: 1 }), 200],
    ["signed out", SIGNED_OUT, 401],
    ["a role the route does not admit", FORBIDDEN, 403],
    ["invalid input", invalid({ q: ["too long"] }), 422],
    ["another clinic's thing", notFound("event"), 404],
    ...(["refused", "busy", "unavailable", "unexpected", "error"] as FailureCode[]).map(
      (code): [string, Parameters<typeof respond>[0], number] => [code, failure(code, "x"), HTTP_STATUS[code]],
    ),
  ])("%s → %d, the result as the body, never cached", async (_name, result, status) => {
    const response = await respond(result);
    expect(response.status).toBe(status);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // The body is the result said in the caller's language (English outside a request).
    expect(await response.json()).toEqual(localizeResult(translatorFor("en"), result));
  });

  it("takes a status where HTTP says more than the kind (a body too large)", async () => {
    expect((await respond(failure("invalid", "too large"), 413)).status).toBe(413);
  });
});
