// A failed run's error: the app's own words as catalog keys (each one in both catalogs), the
// platform's own message passed on, and nothing else an exception says.
import { describe, expect, it } from "vitest";
import { runErrorText } from "@/lib/events/reconcile/run";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import {
  ForbiddenError,
  PlatformUnavailableError,
  RateLimitedError,
  UnexpectedResponseError,
} from "@/lib/clinic-api/errors";
import { translatorFor } from "@/lib/i18n/translator";

describe("runErrorText", () => {
  const fr = translatorFor("fr-CA");
  it.each([
    [new PlatformUnavailableError("The platform could not be reached"), /injoignable/],
    [new ReconnectRequiredError("broken"), /n'accepte plus cette connexion/],
    [
      new UnexpectedResponseError("The platform's answer to GET /x did not match the contract (a)"),
      /ne comprenons pas/,
    ],
    [new RateLimitedError("x", 1000), /occupée/],
    [new TypeError("secret in a message"), /Le rapprochement a échoué/],
  ])("%s is said in the reader's language", (error, french) => {
    const key = runErrorText(error);
    expect(fr.has(key)).toBe(true);
    expect(fr(key)).toMatch(french);
  });

  it("passes on the platform's own words", () => {
    expect(runErrorText(new ForbiddenError("clinic key revoked"))).toBe("clinic key revoked");
  });
});
