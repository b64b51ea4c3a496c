// Rate limit (spec 8 "not shown"; docs/platform-api.md): 5000 requests per rolling 300 s per
// application, 429 with a Retry-After that is exact for the window, applications counted
// separately, and RFC 6749 bodies for a 429 on the OAuth endpoints. Frozen clocks keep it exact.
import { describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS, OAuthErrorBodySchema } from "@/lib/contract";
import { startTestSandbox, type SandboxClient } from "../testing/harness";

const FROZEN = { start: "2025-03-15T12:00:00Z", frozen: true };
const roleApp = { client_id: LOCAL_DEFAULTS.clientId, client_secret: LOCAL_DEFAULTS.clientSecret };

/** Sends `n` requests, `width` at a time, and returns how many answered each status. */
async function burst(client: SandboxClient, token: string, n: number, width = 100): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (let sent = 0; sent < n; sent += width) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(width, n - sent) }, () => client.api(token, "GET", "/api/clinic")),
    );
    for (const r of batch) counts[r.status] = (counts[r.status] ?? 0) + 1;
  }
  return counts;
}

describe("rate limit: 5000 per rolling 300 s per application (docs/platform-api.md)", () => {
  it("defaults to 5000 per 300 s: the 5001st request gets 429 with Retry-After 300, counting down to the window's end", async () => {
    const t = await startTestSandbox({ clock: FROZEN });
    try {
      expect((await t.client.control("/rate-limit")).body).toEqual({ limit: 5000, window_seconds: 300 });
      const token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
      t.sb.state.clock.advance(300); // the sign-in's own requests leave the window
      expect(await burst(t.client, token, 5000, 250)).toEqual({ 200: 5000 });
      const limited = await t.client.api(token, "GET", "/api/clinic");
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBe("300");
      expect(limited.body).toMatchObject({ errors: [{ code: "rate_limited" }] });
      t.sb.state.clock.advance(299);
      expect((await t.client.api(token, "GET", "/api/clinic")).headers.get("retry-after")).toBe("1");
      t.sb.state.clock.advance(1);
      expect((await t.client.api(token, "GET", "/api/clinic")).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("rolls: each request leaves the window 300 s after it was made, and Retry-After names when the oldest leaves", async () => {
    const t = await startTestSandbox({ clock: FROZEN });
    try {
      const token = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
      await t.client.control("/rate-limit", { limit: 10, window_seconds: 300 });
      expect(await burst(t.client, token, 6)).toEqual({ 200: 6 });
      t.sb.state.clock.advance(100);
      expect(await burst(t.client, token, 4)).toEqual({ 200: 4 });
      expect((await t.client.api(token, "GET", "/api/clinic")).headers.get("retry-after")).toBe("200");
      t.sb.state.clock.advance(200); // the first six leave; the four made at +100 s stay
      expect(await burst(t.client, token, 7)).toEqual({ 200: 6, 429: 1 });
      expect((await t.client.api(token, "GET", "/api/clinic")).headers.get("retry-after")).toBe("100");
    } finally {
      await t.close();
    }
  });

  it("limits each application separately, on the OAuth endpoints too, with an RFC 6749 body for their 429", async () => {
    const t = await startTestSandbox({ clock: FROZEN });
    try {
      const role = await t.client.signIn(t.clinicA.staff[0].id, "role");
      const legacy = await t.client.signIn(t.clinicA.staff[0].id, "clinic");
      await t.client.control("/rate-limit", { limit: 5, window_seconds: 300 });
      expect(await burst(t.client, role.access_token, 6)).toEqual({ 200: 5, 429: 1 });
      const refused = await t.client.token({
        grant_type: "refresh_token",
        ...roleApp,
        refresh_token: role.refresh_token,
      });
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("300");
      expect(OAuthErrorBodySchema.strict().parse(refused.body)).toMatchObject({
        error: "temporarily_unavailable",
        error_description: expect.stringContaining("Rate limit"),
      });
      // The other application still has its whole budget.
      expect(await burst(t.client, legacy.access_token, 5)).toEqual({ 200: 5 });
      expect((await t.client.api(legacy.access_token, "GET", "/api/clinic")).status).toBe(429);
    } finally {
      await t.close();
    }
  });

  it("answers 429 with Retry-After after the limit within the rolling window, then recovers", async () => {
    const t = await startTestSandbox({ rateLimit: { limit: 20, windowSeconds: 300 }, clock: { frozen: true } });
    try {
      const tk = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
      const results = [];
      for (let i = 0; i < 25; i++) results.push((await t.client.api(tk, "GET", "/api/clinic")).status);
      expect(results.filter((s) => s === 429).length).toBeGreaterThan(0);
      const limited = await t.client.api(tk, "GET", "/api/clinic");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      t.sb.state.clock.advance(301);
      const fresh = (await t.client.signIn(t.clinicA.staff[0].id)).access_token;
      expect((await t.client.api(fresh, "GET", "/api/clinic")).status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
