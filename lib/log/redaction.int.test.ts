// No secret reaches a log line, whatever path it takes: a refused webhook (its signature header and
// body), a platform call that failed (the bearer token it sent, a body echoing it), a request that
// threw (Next.js's onRequestError, where a failed action ends), and a job that failed. The real
// logger writes to a stream this test reads; the lines are the ones the process would print.
import http from "node:http";
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type PgBoss from "pg-boss";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";
import { createLogger, replaceLogger } from "@/lib/log/logger";
import { resetScrubSecrets } from "@/lib/log/scrub";
import { withLogContext } from "@/lib/log/context";
import { signWebhookBody } from "@/lib/webhooks/signature";
import { createClinicClient } from "@/lib/clinic-api";

const SECRETS = {
  webhookSecret: "whsec_live_9f8e7d6c5b4a39281706",
  clientSecret: "cs_live_1234567890abcdefghij",
  accessToken: "at_live_ZYXWVUTSRQPONMLKJIHG",
  patientEmail: "jeanne.tremblay@example.ca",
  patientName: "Jeanne Tremblay",
};
const lines: string[] = [];
let t: AppTestDatabase;
let server: http.Server;
let platform: http.Server;
let boss: PgBoss | undefined;

function capture(): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
}

async function listen(handler: http.RequestListener): Promise<[http.Server, string]> {
  const s = http.createServer(handler);
  await new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve));
  return [s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  t = await createTestDatabase("redaction", { app: true });
  process.env.DATABASE_URL = t.url;
  process.env.CLINIC_WEBHOOK_SECRET = SECRETS.webhookSecret;
  process.env.CLINIC_CLIENT_SECRET = SECRETS.clientSecret;
  resetScrubSecrets();
  replaceLogger(createLogger(capture(), { LOG_LEVEL: "debug" }));
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (platform ? platform.close(() => resolve()) : resolve()));
  const [{ pool }, { getBoss }] = await Promise.all([import("@/lib/db/pool"), import("@/lib/queue/boss")]);
  await getBoss().then(
    (b) => b.stop({ graceful: false }),
    () => {},
  );
  await pool().end();
  await t?.drop();
});

function expectNoSecret(from: number) {
  const written = lines.slice(from);
  expect(written.length).toBeGreaterThan(0);
  for (const line of written) {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed.level).toBeTypeOf("string");
    expect(parsed.time).toBeTypeOf("string");
    for (const secret of Object.values(SECRETS)) expect(line).not.toContain(secret);
    expect(line).not.toMatch(/Bearer\s+\w/);
  }
  return written;
}

describe("no secret in any log line", () => {
  it("a refused webhook: another secret's signature, a body with a patient's details", async () => {
    const endpoint = await import("@/lib/webhooks/endpoint");
    let url: string;
    [server, url] = await listen((req, res) =>
      withLogContext({ requestId: "req-redaction-1" }, () => void endpoint.serveNodeWebhook(req, res)),
    );
    const body = JSON.stringify({
      event: { id: "e1", type: "patient.updated", data: { email: SECRETS.patientEmail, name: SECRETS.patientName } },
    });
    const from = lines.length;
    for (const signature of [
      signWebhookBody(body, "someone-elses-secret", Math.floor(Date.now() / 1000)),
      `t=1,v1=${SECRETS.webhookSecret}`,
    ]) {
      const response = await fetch(`${url}/api/webhooks/clinic`, {
        method: "POST",
        body,
        headers: { "service-signature": signature, authorization: `Bearer ${SECRETS.accessToken}` },
      });
      expect([400, 401]).toContain(response.status);
    }
    const written = expectNoSecret(from);
    expect(written.some((line) => line.includes("webhook refused") && line.includes("req-redaction-1"))).toBe(true);
  });

  it("a platform call that failed, then the request that threw with it (onRequestError)", async () => {
    let url: string;
    // A platform that echoes what it was sent into its error answer.
    [platform, url] = await listen((req, res) =>
      res
        .writeHead(400, { "content-type": "application/json", "x-request-id": "plat-req-7" })
        .end(
          JSON.stringify({ errors: [{ code: "bad", detail: `${req.headers.authorization} ${SECRETS.patientEmail}` }] }),
        ),
    );
    const client = createClinicClient({
      baseUrl: url,
      retry: { baseDelayMs: 1 },
      credentials: {
        tokens: {
          getAccessToken: async () => SECRETS.accessToken,
          refreshAfterUnauthorized: async () => SECRETS.accessToken,
        },
      },
    });
    const failure = await client.getClinic().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const { onRequestError } = await import("@/instrumentation");
    process.env.NEXT_RUNTIME = "nodejs"; // as in the server, where Next.js calls it
    const from = lines.length;
    const error = Object.assign(new Error(`${(failure as Error).message} (token ${SECRETS.accessToken})`), {
      digest: "1234567",
    });
    await withLogContext({ requestId: "req-redaction-2", clinicId: "clinic-a" }, () =>
      onRequestError(
        error,
        {
          path: `/patients?email=${SECRETS.patientEmail}`,
          method: "POST",
          headers: { authorization: `Bearer ${SECRETS.accessToken}` },
        },
        {
          routerKind: "App Router",
          routePath: "/patients",
          routeType: "action",
          renderSource: undefined,
          revalidateReason: undefined,
        },
      ),
    );
    const { log } = await import("@/lib/log/logger");
    log.error("action: a platform call failed", {
      err: failure,
      headers: { authorization: `Bearer ${SECRETS.accessToken}` },
    });
    const written = expectNoSecret(from);
    const thrown = JSON.parse(written[0]) as Record<string, unknown>;
    expect(thrown).toMatchObject({ requestId: "req-redaction-2", clinicId: "clinic-a", digest: "1234567" });
  });

  it("a job that failed", async () => {
    const { createBoss } = await import("@/lib/queue/boss");
    boss = await createBoss(t.url);
    const queue = "redaction-test";
    await boss.createQueue(queue);
    const from = lines.length;
    let failed = false;
    await boss.work<{ clinicId: string }>(queue, { pollingIntervalSeconds: 0.5 }, async () => {
      failed = true;
      throw new Error(`refresh failed with client_secret=${SECRETS.clientSecret} for ${SECRETS.patientEmail}`);
    });
    await boss.send(queue, { clinicId: "clinic-b" }, { retryLimit: 0 });
    await expect
      .poll(() => failed && lines.slice(from).some((l) => l.includes("a job failed")), { timeout: 10_000 })
      .toBe(true);
    const written = expectNoSecret(from);
    const line = JSON.parse(written.find((l) => l.includes("a job failed")) ?? "{}") as Record<string, unknown>;
    expect(line).toMatchObject({ level: "error", job: queue, clinicId: "clinic-b" });
  });
});
