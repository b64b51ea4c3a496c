import { describe, expect, it } from "vitest";
import { requestOriginProblem } from "@/lib/embedded/mint-route";
import { translatorFor } from "@/lib/i18n/translator";

const APP = "http://localhost:3000";

describe("requestOriginProblem", () => {
  const cases: Array<[string, Record<string, string>, RegExp | null]> = [
    ["a same-origin fetch of the app's page", { "sec-fetch-site": "same-origin", origin: APP }, null],
    ["no browser headers (not a page)", {}, null],
    ["a cross-site page", { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, /from the app/],
    [
      "a same-site page of another origin",
      { "sec-fetch-site": "same-site", origin: "http://localhost:3001" },
      /from the app/,
    ],
    [
      "the app opened at another address",
      { "sec-fetch-site": "same-origin", origin: "http://127.0.0.1:3000" },
      /only at http:\/\/localhost:3000/,
    ],
    ["an origin without fetch metadata", { origin: "https://evil.example" }, /only at/],
  ];
  it.each(cases)("%s", (_name, headers, problem) => {
    const answer = requestOriginProblem(new Headers(headers), APP, translatorFor("en"));
    if (problem) expect(answer).toMatch(problem);
    else expect(answer).toBeNull();
  });

  it("says it in the caller's language", () => {
    const answer = requestOriginProblem(new Headers({ origin: "http://127.0.0.1:3000" }), APP, translatorFor("fr-CA"));
    expect(answer).toBe(
      "La fonction intégrée ne fonctionne qu'à l'adresse http://localhost:3000. Ouvrez l'application à cette adresse.",
    );
  });
});
