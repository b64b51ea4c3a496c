// SIGTERM in the middle of a webhook burst: the process stops taking connections, answers what is in
// flight, and exits within its bound. The sender behaves like the platform: an answer other than 200,
// or a connection that closed without one, is sent again later (here to the process that replaced
// this one). Nothing is lost: every delivery answered 200 is stored, every event is stored once, and
// each delivery got one 200.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { signWebhookBody } from "@/lib/webhooks/signature";
import { deliveryBody } from "@/tooling/testing/webhook-delivery";
import { closeWhenDraining, shutDown } from "@/lib/server/shutdown";
import { processState } from "@/lib/health/process-state";

let t: AppTestDatabase;
let endpoint: typeof import("@/lib/webhooks/endpoint");

beforeAll(async () => {
  t = await createTestDatabase("shutdown", { app: true });
  process.env.DATABASE_URL = t.url;
  endpoint = await import("@/lib/webhooks/endpoint");
});
afterAll(async () => {
  processState().draining = false;
  const [{ pool }, { getBoss }] = await Promise.all([import("@/lib/db/pool"), import("@/lib/queue/boss")]);
  await getBoss().then(
    (boss) => boss.stop({ graceful: false }),
    () => {},
  );
  await pool().end();
  await t?.drop();
});

async function startServer(): Promise<[http.Server, string]> {
  const server = http.createServer((req, res) => {
    closeWhenDraining(res);
    void endpoint.serveNodeWebhook(req, res);
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/clinic`];
}

const delivery = (id: string) => deliveryBody(id);

async function send(url: string, id: string, agent: http.Agent): Promise<number | "no answer"> {
  const body = delivery(id);
  const signature = signWebhookBody(body, LOCAL_DEFAULTS.webhookSecret, Math.floor(Date.now() / 1000));
  return new Promise((resolve) => {
    const req = http.request(url, { method: "POST", agent, headers: { "service-signature": signature } }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
      res.on("error", () => resolve("no answer"));
    });
    req.on("error", () => resolve("no answer"));
    req.end(body);
  });
}

it("a SIGTERM mid-burst loses nothing and answers nothing twice", async () => {
  const [first, firstUrl] = await startServer();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const ids = Array.from({ length: 240 }, (_, i) => `evt-shutdown-${i}`);
  const answers = new Map<string, number>(); // id → count of 200 answers
  const retry: string[] = [];
  let answered = 0;
  let shutdown: Promise<boolean> | undefined;
  const queue = [...ids];
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        const status = await send(firstUrl, id, agent);
        if (status === 200) {
          answers.set(id, (answers.get(id) ?? 0) + 1);
          // The orchestrator's SIGTERM, a third of the way through the burst.
          if (++answered === 80) shutdown = shutDown({ server: first, timeoutMs: 3_000 });
        } else retry.push(id);
      }
    }),
  );
  expect(await shutdown).toBe(true); // true: everything finished within its bound
  expect(retry.length).toBeGreaterThan(0); // the shutdown did land in the middle
  const storedBeforeRestart = new Set(
    (await t.pool.query<{ id: string }>("SELECT id FROM events WHERE id LIKE 'evt-shutdown-%'")).rows.map((r) => r.id),
  );
  for (const id of answers.keys()) expect(storedBeforeRestart.has(id)).toBe(true);

  // The process that replaced it takes the sender's retries.
  processState().draining = false;
  const [second, secondUrl] = await startServer();
  const fresh = new http.Agent({ keepAlive: true });
  for (const id of retry) {
    expect(await send(secondUrl, id, fresh)).toBe(200);
    answers.set(id, (answers.get(id) ?? 0) + 1);
  }
  fresh.destroy();
  agent.destroy();
  await new Promise<void>((resolve) => second.close(() => resolve()));

  expect([...answers.values()].every((count) => count === 1)).toBe(true);
  expect(answers.size).toBe(ids.length);
  const { rows } = await t.pool.query<{ n: number; distinct_ids: number }>(
    "SELECT count(*)::int AS n, count(DISTINCT id)::int AS distinct_ids FROM events WHERE id LIKE 'evt-shutdown-%'",
  );
  expect(rows[0]).toEqual({ n: ids.length, distinct_ids: ids.length });
});
