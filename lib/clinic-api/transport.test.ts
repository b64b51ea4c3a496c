// The client's HTTP behaviour against a scripted `fetch` (the injection point the client offers):
// what goes out, how answers are read. Behaviour against the real sandbox is in *.int.test.ts.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createClinicClient, type AttemptReport } from "@/lib/clinic-api";
import {
  PlatformUnavailableError,
  UnauthorizedError,
  UnexpectedResponseError,
  ValidationError,
} from "@/lib/clinic-api/errors";
import { createTransport } from "@/lib/clinic-api/transport";

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function scripted(...handlers: Handler[]) {
  const calls: Array<{ url: URL; init: RequestInit }> = [];
  const fetchImpl: typeof fetch = async (input, init = {}) => {
    const url = new URL(String(input));
    calls.push({ url, init });
    const handler = handlers[Math.min(calls.length - 1, handlers.length - 1)];
    return handler(url, init);
  };
  return { fetch: fetchImpl, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "X-Request-Id": "rid-1", ...headers },
  });
const clinicBody = { clinic: { id: "c1", name: "Clinic", integration_id: "i1" } };
const noSleep = async () => {};

function tokens(initial = "at-1", refreshed = "at-2") {
  const log: string[] = [];
  return {
    log,
    provider: {
      getAccessToken: async () => initial,
      refreshAfterUnauthorized: async (rejected: string) => {
        log.push(rejected);
        return refreshed;
      },
    },
  };
}

describe("authorized requests", () => {
  it("sends Bearer, the clinic key and JSON headers, and parses the answer", async () => {
    const platform = scripted(() => json(200, clinicBody));
    const client = createClinicClient({
      baseUrl: "http://platform.test/",
      fetch: platform.fetch,
      credentials: { tokens: tokens().provider, clinicKey: "ck-9" },
    });
    await expect(client.getClinic()).resolves.toEqual(clinicBody.clinic);
    const headers = new Headers(platform.calls[0].init.headers);
    expect(platform.calls[0].url.toString()).toBe("http://platform.test/api/clinic");
    expect(headers.get("authorization")).toBe("Bearer at-1");
    expect(headers.get("x-service-clinic-key")).toBe("ck-9");
    expect(headers.get("content-type")).toBe("application/json");
  });

  it.each([
    ["the spec's name by default", undefined, "X-Service-Clinic-Key"],
    ["the configured name (the real servers' own)", "X-Acme-Clinic-Key", "X-Acme-Clinic-Key"],
  ])("sends the clinic key under %s", async (_name, clinicKeyHeader, sent) => {
    const platform = scripted(() => json(200, clinicBody));
    await createClinicClient({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      credentials: { tokens: tokens().provider, clinicKey: "ck-9", clinicKeyHeader },
    }).getClinic();
    const headers = new Headers(platform.calls[0].init.headers);
    expect(headers.get(sent)).toBe("ck-9");
    // Only under that name: never also under the other one.
    const names = [...headers.keys()].filter((k) => k.includes("clinic-key"));
    expect(names).toEqual([sent.toLowerCase()]);
  });

  it("omits the clinic key header when the clinic has none", async () => {
    const platform = scripted(() => json(200, clinicBody));
    await createClinicClient({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      credentials: { tokens: tokens().provider, clinicKey: async () => undefined },
    }).getClinic();
    expect(new Headers(platform.calls[0].init.headers).has("x-service-clinic-key")).toBe(false);
  });

  it("after a 401 refreshes once and replays once with the new token", async () => {
    const t = tokens();
    const platform = scripted(
      () => json(401, { errors: [{ code: "token_expired", message: "expired" }] }),
      () => json(200, clinicBody),
    );
    const client = createClinicClient({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      credentials: { tokens: t.provider },
    });
    await expect(client.getClinic()).resolves.toEqual(clinicBody.clinic);
    expect(t.log).toEqual(["at-1"]);
    expect(platform.calls.map((c) => new Headers(c.init.headers).get("authorization"))).toEqual([
      "Bearer at-1",
      "Bearer at-2",
    ]);
  });

  it("a second 401 is final: no loop of refreshes", async () => {
    const t = tokens();
    const platform = scripted(() => json(401, {}));
    const client = createClinicClient({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      credentials: { tokens: t.provider },
    });
    await expect(client.getClinic()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(t.log).toHaveLength(1);
    expect(platform.calls).toHaveLength(2);
  });
});

describe("transport", () => {
  const schema = z.object({ ok: z.literal(true) });

  it("times out a hung attempt and retries a GET, then reports unavailable", async () => {
    const hang: Handler = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    const platform = scripted(hang);
    const send = createTransport({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      timeoutMs: 30,
      sleep: noSleep,
      retry: { maxAttempts: 3 },
    });
    const error = await send({ method: "GET", path: "/x", schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PlatformUnavailableError);
    expect((error as Error).message).toMatch(/did not answer within 30 ms/);
    expect(platform.calls).toHaveLength(3);
  });

  it("does not retry a POST that timed out", async () => {
    const platform = scripted(
      (_url, init) =>
        new Promise((_r, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    const send = createTransport({ baseUrl: "http://p.test", fetch: platform.fetch, timeoutMs: 20, sleep: noSleep });
    await expect(send({ method: "POST", path: "/x", body: {}, schema })).rejects.toBeInstanceOf(
      PlatformUnavailableError,
    );
    expect(platform.calls).toHaveLength(1);
  });

  it("refuses an answer that does not match the contract, naming the path but no value", async () => {
    const platform = scripted(() => json(200, { ok: "secret-value" }));
    const send = createTransport({ baseUrl: "http://p.test", fetch: platform.fetch });
    const error = await send({ method: "GET", path: "/x", schema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toContain("ok");
    expect((error as Error).message).not.toContain("secret-value");
    expect((error as UnexpectedResponseError).requestId).toBe("rid-1");
  });

  it("waits what the back-off says between attempts", async () => {
    const waits: number[] = [];
    const platform = scripted(
      () => json(503, {}),
      () => json(429, {}, { "Retry-After": "2" }),
      () => json(200, { ok: true }),
    );
    const send = createTransport({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      sleep: async (ms) => void waits.push(ms),
      random: () => 0,
      retry: { baseDelayMs: 100 },
    });
    await expect(send({ method: "GET", path: "/x", schema })).resolves.toEqual({ ok: true });
    expect(waits).toEqual([50, 2_000]);
  });

  it("sends page and filter parameters and drops empty ones", async () => {
    const platform = scripted(() =>
      json(200, {
        events: [],
        meta: { current_page: 2, next_page: null, prev_page: 1, total_pages: 2, total_count: 1 },
      }),
    );
    const client = createClinicClient({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      credentials: { tokens: tokens().provider },
    });
    await client.listEvents(
      "patients",
      { event_type: "patient.created", created_at: ">2025-01-01" },
      { number: 2, size: 50 },
    );
    const url = platform.calls[0].url;
    expect(url.pathname).toBe("/api/events/patients");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      event_type: "patient.created",
      created_at: ">2025-01-01",
      "page[number]": "2",
      "page[size]": "50",
    });
  });

  it("keeps an event's data as sent, a key named __proto__ included; data that is not an object is not read whole", async () => {
    const event = (data: string) =>
      `{"id":"e1","type":"patient.created","clinic_id":"c1","created_at":"2025-01-01T00:00:00Z","data":${data}}`;
    const page = (data: string) =>
      new Response(
        `{"events":[${event(data)}],"meta":{"current_page":1,"next_page":null,"prev_page":null,"total_pages":1,"total_count":1}}`,
        { status: 200, headers: { "Content-Type": "application/json" } },
      );
    const listWith = (data: string) =>
      createClinicClient({
        baseUrl: "http://p.test",
        fetch: scripted(() => page(data)).fetch,
        credentials: { tokens: tokens().provider },
      }).listEvents("patients");
    const kept = (await listWith('{"__proto__":{"admin":true},"patient":{"id":"p1"}}')).items[0]?.event;
    if (!kept) throw new Error("the list item was not read as a whole event");
    expect(Object.keys(kept.data).sort()).toEqual(["__proto__", "patient"]);
    expect(Object.getOwnPropertyDescriptor(kept.data, "__proto__")?.value).toEqual({ admin: true });
    expect(Object.getPrototypeOf(kept.data)).toBe(Object.prototype);
    // Not refused with its page: the item names its event, which the caller retrieves by id.
    expect((await listWith("[1,2]")).items).toEqual([{ id: "e1", event: null }]);
  });

  it("refuses a filter the list does not accept before sending anything", async () => {
    const platform = scripted(() => json(200, {}));
    const client = createClinicClient({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      credentials: { tokens: tokens().provider },
    });
    // lab_orders has no event_type filter (spec 4.4).
    const error = await client.listEvents("lab_orders", { event_type: "lab_order.updated" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(platform.calls).toHaveLength(0);
  });

  it("reports attempts without any header, token or body", async () => {
    const reports: AttemptReport[] = [];
    const platform = scripted(() => json(200, clinicBody));
    await createClinicClient({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      onAttempt: (r) => reports.push(r),
      credentials: { tokens: tokens().provider },
    }).getClinic();
    expect(reports).toHaveLength(1);
    expect(JSON.stringify(reports)).not.toMatch(/at-1|Bearer|Clinic/);
    expect(reports[0]).toMatchObject({
      method: "GET",
      path: "/api/clinic",
      status: 200,
      requestId: "rid-1",
      attempt: 1,
    });
  });
});

describe("iterateAll through the client", () => {
  it("walks every page at size 100", async () => {
    const pageOf = (n: number) => ({
      patients: [
        {
          id: `p${n}`,
          first_name: "A",
          last_name: "B",
          email: null,
          date_of_birth: null,
          practitioner_id: null,
          emancipated_at: null,
          created_at: "2025-01-01T00:00:00Z",
          updated_at: "2025-01-01T00:00:00Z",
        },
      ],
      meta: {
        current_page: n,
        next_page: n < 3 ? n + 1 : null,
        prev_page: n > 1 ? n - 1 : null,
        total_pages: 3,
        total_count: 3,
      },
    });
    const platform = scripted((url) => json(200, pageOf(Number(url.searchParams.get("page[number]")))));
    const client = createClinicClient({
      baseUrl: "http://p.test",
      fetch: platform.fetch,
      credentials: { tokens: tokens().provider },
    });
    const ids: string[] = [];
    for await (const patient of client.allPatients()) ids.push(patient.id);
    expect(ids).toEqual(["p1", "p2", "p3"]);
    expect(platform.calls.map((c) => c.url.searchParams.get("page[size]"))).toEqual(["100", "100", "100"]);
  });
});
