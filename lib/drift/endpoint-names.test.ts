// Each platform answer the client can read has its words on the Platform changes page, in both
// languages: the table is held to the calls the client really makes (a fake fetch records them).
import { describe, expect, it } from "vitest";
import { createClinicClient } from "@/lib/clinic-api/client";
import { createOAuthClient } from "@/lib/clinic-api/oauth";
import { EVENT_CATEGORIES } from "@/lib/contract/event-types";
import { endpointName, endpointWords, NAMED_ENDPOINTS } from "@/lib/drift/endpoint-names";
import { translatorFor } from "@/lib/i18n/translator";

/** Every endpoint the clients call, by a fake fetch's record of each request. */
async function calledEndpoints(): Promise<Set<string>> {
  const seen = new Set<string>();
  const fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    seen.add(endpointName(init?.method ?? "GET", new URL(String(input)).pathname));
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  }) as typeof globalThis.fetch;
  const options = { baseUrl: "http://platform.test", fetch, retry: { maxAttempts: 1 } };
  const client = createClinicClient({
    ...options,
    credentials: { tokens: { getAccessToken: async () => "t", refreshAfterUnauthorized: async () => "t" } },
  });
  const oauth = createOAuthClient({ ...options, clientId: "c", clientSecret: "s", redirectUri: "http://app.test/cb" });
  const attempt = async (call: () => unknown) => {
    try {
      const answer = call();
      if (answer && typeof answer === "object" && Symbol.asyncIterator in answer)
        for await (const item of answer as AsyncIterable<unknown>) void item;
      else await answer;
    } catch {
      // The fake's "{}" is no valid answer: only the request matters here.
    }
  };
  const callAll = async (calls: Record<string, unknown>) => {
    for (const [name, call] of Object.entries(calls)) {
      if (typeof call === "object" && call) await callAll(call as Record<string, unknown>);
      if (typeof call !== "function") continue;
      if (name === "listEvents" || name === "allEvents")
        for (const category of EVENT_CATEGORIES) await attempt(() => call(category));
      else {
        await attempt(() => call());
        await attempt(() => call("rec_1", "rec_2", {}));
      }
    }
  };
  await callAll(client as unknown as Record<string, unknown>);
  await callAll(oauth as unknown as Record<string, unknown>);
  return seen;
}

describe("platform answers in words", () => {
  it("names every endpoint the client calls, and none it does not", async () => {
    const called = await calledEndpoints();
    expect([...called].filter((e) => !endpointWords(e))).toEqual([]);
    expect(NAMED_ENDPOINTS.filter((e) => !called.has(e))).toEqual([]);
  });

  it("says each in both languages", () => {
    for (const locale of ["en", "fr-CA"] as const) {
      const say = translatorFor(locale);
      for (const endpoint of NAMED_ENDPOINTS) {
        const words = endpointWords(endpoint)!;
        const key = `admin.platformChanges.endpoints.${words.key}`;
        expect(say.has(key), `${locale}: ${key}`).toBe(true);
        const category = words.values && say(`events.categories.${words.values.category}`);
        expect(say(key, category ? { category } : {})).not.toMatch(/\/|GET|POST|\{/);
      }
    }
  });

  it("reads a patient's plans, a practitioner's resources and the event lists by their words", () => {
    expect(endpointWords("GET /api/clinic/patients")).toEqual({ key: "patients" });
    expect(endpointWords(endpointName("GET", "/api/clinic/patients/pat_9/treatment_plans"))).toEqual({
      key: "patientTreatmentPlans",
    });
    expect(endpointWords(endpointName("DELETE", "/api/clinic/practitioners/pr_1/resources/res_2"))).toEqual({
      key: "resourceDeleted",
    });
    expect(endpointWords("GET /api/events/lab_orders")).toEqual({ key: "events", values: { category: "lab_orders" } });
    expect(endpointName("GET", "/api/clinic/labs/orders/lab_7")).toBe("GET /api/clinic/labs/orders/{id}");
    expect(endpointWords("GET /hostile")).toBeNull();
  });
});
