import { describe, expect, it } from "vitest";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import {
  ClinicApiError,
  ForbiddenError,
  PlatformUnavailableError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from "@/lib/clinic-api/errors";
import { mintFailure } from "@/lib/embedded/mint-failure";
import { translatorFor } from "@/lib/i18n/translator";

describe("mintFailure", () => {
  const cases: Array<[string, unknown, number, RegExp, string | undefined]> = [
    [
      "no connection yet",
      new ReconnectRequiredError("missing"),
      401,
      /no platform connection/,
      "/signin?reason=missing",
    ],
    ["a revoked connection", new ReconnectRequiredError("revoked"), 401, /revoked/, "/signin?reason=revoked"],
    [
      "a final 401",
      new UnauthorizedError("x", { status: 401 }),
      401,
      /Sign in with the platform again/,
      "/signin?reason=broken",
    ],
    [
      "a refused clinic key",
      new ForbiddenError("clinic key revoked", { status: 403, requestId: "req_9" }),
      403,
      /refused .*\(request id req_9\)/,
      undefined,
    ],
    ["rate limited with Retry-After", new RateLimitedError("x", 2500, { status: 429 }), 429, /in 3 seconds/, undefined],
    ["rate limited without", new RateLimitedError("x", undefined, { status: 429 }), 429, /in a moment/, undefined],
    [
      "platform down",
      new PlatformUnavailableError("x", { status: 503, requestId: "req_1" }),
      503,
      /not reachable.*req_1/,
      undefined,
    ],
    [
      "a 422 (e.g. user_id missing)",
      new ValidationError("user_id is required", {}, { status: 422, requestId: "req_2" }),
      502,
      /could not start a session \(request id req_2\)/,
      undefined,
    ],
    ["any other platform error", new ClinicApiError("x"), 502, /could not start a session\.$/, undefined],
    ["a bug of ours", new TypeError("secret sgt_abc in a message"), 500, /could not be started/, undefined],
  ];
  it.each(cases)("%s", (_name, error, status, message, reconnect) => {
    const answer = mintFailure(error, translatorFor("en"));
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatch(message);
    expect(answer.body.reconnect).toBe(reconnect);
    // The platform's own message (it may echo input) never reaches the browser.
    expect(answer.body.error).not.toMatch(/sgt_abc|user_id is required|clinic key revoked/);
  });

  it("says it in the caller's language, with the request id", () => {
    const fr = translatorFor("fr-CA");
    const down = mintFailure(new PlatformUnavailableError("x", { status: 503, requestId: "req_1" }), fr);
    expect(down.body.error).toBe(
      "La plateforme est injoignable pour le moment. Réessayez dans un instant (numéro de requête req_1).",
    );
    expect(mintFailure(new RateLimitedError("x", 2500, { status: 429 }), fr).body.error).toMatch(
      /Réessayez dans 3 secondes/,
    );
    expect(mintFailure(new ReconnectRequiredError("revoked"), fr).body.error).toMatch(/révoquée/);
    expect(mintFailure(new TypeError("x"), fr).body.error).toBe(
      "La session n'a pas pu être ouverte. Réessayez dans un instant.",
    );
  });
});
