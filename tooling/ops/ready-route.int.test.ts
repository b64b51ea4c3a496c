// The readiness route as a load balancer sees it: 200 or 503, and nothing but the status.
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { processState } from "@/lib/health/process-state";

let t: AppTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("ready-route", { app: true });
  process.env.DATABASE_URL = t.url;
});
afterAll(async () => {
  const { pool } = await import("@/lib/db/pool");
  await pool().end();
  await t?.drop();
});

it("answers 200 when ready and 503 once shutting down, with its status only", async () => {
  Object.assign(processState(), { worker: "running", draining: false });
  const { GET } = await import("@/app/api/health/ready/route");
  let response = await GET();
  expect([response.status, await response.json()]).toEqual([200, { status: "ready" }]);
  processState().draining = true;
  response = await GET();
  expect([response.status, await response.json()]).toEqual([503, { status: "not ready" }]);
});
