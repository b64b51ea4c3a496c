// Fault injection of the control API: latency, a random 5xx rate from the seeded source,
// the next N failures, 429s and dropped connections, scoped by path and method. Timings are checked
// as lower bounds only.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { startTestSandbox } from "../testing/harness";

let t: Awaited<ReturnType<typeof startTestSandbox>>;
let token: string;
beforeAll(async () => {
  t = await startTestSandbox();
  token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
});
afterEach(() => t.client.control("/faults", { clear: true }));
afterAll(() => t.close());

const app = { client_id: LOCAL_DEFAULTS.clientId, client_secret: LOCAL_DEFAULTS.clientSecret };

describe("latency_ms and error_rate", () => {
  it("latency_ms delays every API request by at least the set time", async () => {
    await t.client.control("/faults", { latency_ms: 120 });
    for (const call of [
      () => t.client.api(token, "GET", "/api/clinic"),
      () => t.client.api(token, "GET", "/api/clinic/patients"),
      () => t.client.token({ grant_type: "refresh_token", ...app, refresh_token: "rt_unknown" }),
    ]) {
      const started = performance.now();
      await call();
      // 1 ms of slack: timers are scheduled in whole milliseconds and may round down.
      expect(performance.now() - started).toBeGreaterThanOrEqual(119);
    }
  });

  it("jitter_ms spreads the latency evenly either side, from the seeded source; the trace keeps each call's arrival and finish", async () => {
    await t.client.control("/faults", { latency_ms: 60, jitter_ms: 40 });
    await t.client.control("/trace", { record: true });
    await Promise.all(Array.from({ length: 12 }, () => t.client.api(token, "GET", "/api/clinic")));
    await t.client.api(token, "GET", "/api/clinic/patients?page[size]=5");
    const { body } = await t.client.control<{ recording: boolean; requests: Array<Record<string, unknown>> }>("/trace");
    await t.client.control("/trace", { record: false });
    expect(body.recording).toBe(true);
    expect(body.requests).toHaveLength(13);
    const waits = body.requests.map((r) => (r.end as number) - (r.start as number));
    // Within 60 ± 40 ms (1 ms of slack for timers rounding down), and not all alike.
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(19);
    expect(Math.max(...waits) - Math.min(...waits)).toBeGreaterThan(5);
    expect(body.requests.at(-1)).toMatchObject({
      method: "GET",
      route: "GET /api/clinic/patients",
      target: "/api/clinic/patients?page[size]=5",
      status: 200,
    });
    expect((await t.client.control<{ requests: unknown[] }>("/trace")).body.requests).toEqual([]);
  });

  it("error_rate 1 answers every API request 500, the OAuth endpoint in RFC 6749 form; the control API is spared", async () => {
    await t.client.control("/faults", { error_rate: 1 });
    const before = t.sb.state.stats.faults_injected;
    const path = `/api/clinic/practitioners/${t.clinicA.practitioners[0].id}/resources`;
    const answers = await Promise.all([
      t.client.api(token, "GET", "/api/clinic"),
      t.client.api(token, "GET", "/api/clinic/patients"),
      t.client.api(token, "GET", path),
      t.client.api(token, "POST", path, { name: "x" }),
      t.client.api(token, "GET", "/api/events/orders"),
      t.client.api(null, "GET", "/api/clinic"),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(500));
    expect(answers[0].body).toMatchObject({ errors: [{ code: "internal_error" }] });
    const oauth = await t.client.token({ grant_type: "refresh_token", ...app, refresh_token: "rt_unknown" });
    expect(oauth.status).toBe(500);
    expect(oauth.body).toMatchObject({ error: "server_error" });
    expect(t.sb.state.stats.faults_injected - before).toBe(7);
    expect((await t.client.control("/health")).status).toBe(200);
    await t.client.control("/faults", { error_rate: 0 });
    expect((await t.client.api(token, "GET", "/api/clinic")).status).toBe(200);
  });

  it("error_rate draws from the seeded source: the same seed fails the same requests", async () => {
    const pattern = async () => {
      const t2 = await startTestSandbox();
      try {
        const tk = (await t2.client.signIn(t2.clinicA.staff[0].id)).access_token;
        await t2.client.control("/faults", { error_rate: 0.5 });
        const out: number[] = [];
        for (let i = 0; i < 30; i++) out.push((await t2.client.api(tk, "GET", "/api/clinic")).status);
        return out;
      } finally {
        await t2.close();
      }
    };
    const first = await pattern();
    expect(new Set(first)).toEqual(new Set([200, 500]));
    expect(await pattern()).toEqual(first);
  });
});

describe("next-N faults", () => {
  it("injects the next N failures, 429s and dropped connections", async () => {
    await t.client.control("/faults", { fail_next: { count: 2, status: 503, path_prefix: "/api/clinic" } });
    expect((await t.client.api(token, "GET", "/api/clinic")).status).toBe(503);
    expect((await t.client.api(token, "GET", "/api/clinic")).status).toBe(503);
    expect((await t.client.api(token, "GET", "/api/clinic")).status).toBe(200);
    await t.client.control("/faults", { rate_limit_next: { count: 1, retry_after: 7 } });
    const limited = await t.client.api(token, "GET", "/api/clinic");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("7");
    await t.client.control("/faults", { drop_next: { count: 1 } });
    await expect(t.client.api(token, "GET", "/api/clinic")).rejects.toThrow();
    expect((await t.client.api(token, "GET", "/api/clinic")).status).toBe(200);
  });

  it("answers an injected 429 or 503 on an OAuth endpoint with an RFC 6749 body", async () => {
    await t.client.control("/faults", {
      rate_limit_next: { count: 1, retry_after: 9, path_prefix: "/api/oauth/token" },
    });
    const limited = await t.client.token({ grant_type: "refresh_token", ...app, refresh_token: "rt_unknown" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("9");
    expect(limited.body).toEqual({ error: "temporarily_unavailable", error_description: expect.any(String) });
    await t.client.control("/faults", { fail_next: { count: 1, status: 503, path_prefix: "/api/oauth/revoke" } });
    const down = await t.client.api(null, "POST", "/api/oauth/revoke", { ...app, token: "x" });
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ error: "temporarily_unavailable", error_description: expect.any(String) });
  });

  it("scopes a fault to one method: other methods pass and leave it for the one it names", async () => {
    await t.client.control("/faults", {
      fail_next: { count: 1, status: 502, path_prefix: "/api/clinic", method: "POST" },
    });
    expect((await t.client.api(token, "GET", "/api/clinic")).status).toBe(200);
    expect((await t.client.api(token, "POST", "/api/clinic")).status).toBe(502);
    expect((await t.client.api(token, "POST", "/api/clinic")).status).toBe(405);
  });
});
