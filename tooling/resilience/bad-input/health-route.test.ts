// GET /api/health under hostile conditions, through the route module: it takes no input, so the
// table is of requests it must not react to (other methods are not exported: Next.js answers 405),
// and of what its answer must never contain while the platform is unreachable (addresses, the
// database URL, secrets). It changes nothing in the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { freePort } from "@/tooling/testing/ports";
import { databaseFingerprint } from "@/tooling/resilience/bad-input/fingerprint";

const SECRET = "health-test-webhook-secret-value";

describe("health route", () => {
  let t: AppTestDatabase;
  let route: Record<string, unknown> & { GET: () => Promise<Response> };
  beforeAll(async () => {
    t = await createTestDatabase("bad_health", { app: true });
    // Nothing listens on the platform's port: the answer must be "degraded", not slow, not a leak.
    Object.assign(process.env, {
      DATABASE_URL: t.url,
      CLINIC_API_BASE_URL: `http://127.0.0.1:${await freePort()}`,
      CLINIC_WEBHOOK_SECRET: SECRET,
    });
    route = await import("@/app/api/health/route");
  });
  afterAll(async () => {
    const { db } = await import("@/lib/db");
    await db.$disconnect();
    await t?.drop();
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])("%s is not exported (405)", (method) => {
    expect(route[method]).toBeUndefined();
  });

  it("answers an anonymous caller only that the app is up, leaking no address or secret, changing nothing", async () => {
    const before = await databaseFingerprint(t.url);
    const response = await route.GET();
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({ status: "up" });
    expect(text).not.toContain(process.env.CLINIC_API_BASE_URL);
    const dbUrl = new URL(t.url);
    for (const leak of [t.url, `${dbUrl.hostname}:${dbUrl.port}`, dbUrl.pathname.slice(1), SECRET])
      expect(text).not.toContain(leak);
    expect(await databaseFingerprint(t.url)).toEqual(before);
  });
});
