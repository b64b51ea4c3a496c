// One door: `npm run dev` runs production's app server (lib/server/app-server.ts) with Next.js in
// development mode, so what a developer tries takes production's path. The same requests, sent to
// the stack's built app and to a development server started by `npm run dev`'s own entry
// (tooling/devstack/start.ts --dev), get the same answer, given by the app server before Next.js: a
// webhook verification acknowledged, a forged delivery refused, the server actions no page sends
// refused, a page opened by another loopback name sent to the configured one. Under a bare
// `next dev` (the route file and proxy.ts) these answers differ.
import http from "node:http";
import { once } from "node:events";
import { expect, test } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { SERVER_ACTION_BODY_LIMIT_BYTES } from "@/lib/limits/action-guard";
import { repoPath, startService, type Service } from "@/tooling/devstack/processes";
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import { DEV_APP_PORT, E2E_APP_PORT, E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { signDelivery } from "./support/signed-webhook";

const DEV_URL = `http://localhost:${DEV_APP_PORT}`;
const ELSEWHERE = "https://elsewhere.example";
const ACTION_ID = "7f".repeat(21);
const OTHER_SECRET = `not-${LOCAL_DEFAULTS.webhookSecret}`;

interface Sent {
  host: "localhost" | "127.0.0.1";
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Row {
  name: string;
  status: number;
  request: (origin: string) => Sent;
}

const delivery = JSON.stringify({
  event: { id: "evt_one_door", type: "order.placed", created_at: new Date().toISOString(), data: {} },
});

const ROWS: Row[] = [
  {
    name: "a webhook verification (no event): acknowledged with the challenge",
    status: 200,
    request: () => ({ host: "localhost", method: "POST", path: "/api/webhooks/clinic", body: "" }),
  },
  {
    name: "a delivery signed with another secret: refused",
    status: 401,
    request: () => ({
      host: "localhost",
      method: "POST",
      path: "/api/webhooks/clinic",
      headers: { "service-signature": signDelivery(delivery, undefined, OTHER_SECRET) },
      body: delivery,
    }),
  },
  {
    name: "a server action sent from another site: refused",
    status: 403,
    request: () => ({
      host: "localhost",
      method: "POST",
      path: "/resources",
      headers: { "next-action": ACTION_ID, origin: ELSEWHERE, "content-type": "text/plain;charset=UTF-8" },
      body: "[]",
    }),
  },
  {
    name: "a server action declaring a body over the limit: refused",
    status: 413,
    request: (origin) => ({
      host: "localhost",
      method: "POST",
      path: "/resources",
      headers: { "next-action": ACTION_ID, origin, "content-type": "text/plain;charset=UTF-8" },
      body: "x".repeat(SERVER_ACTION_BODY_LIMIT_BYTES + 1),
    }),
  },
  {
    name: "a server action whose body comes in chunks, without a length: refused",
    status: 411,
    request: (origin) => ({
      host: "localhost",
      method: "POST",
      path: "/resources",
      headers: {
        "next-action": ACTION_ID,
        origin,
        "content-type": "text/plain;charset=UTF-8",
        "transfer-encoding": "chunked",
      },
      body: "[]",
    }),
  },
  {
    name: "a form posted from another site without JavaScript: refused",
    status: 403,
    request: () => ({
      host: "localhost",
      method: "POST",
      path: "/resources",
      headers: { origin: ELSEWHERE, "content-type": "application/x-www-form-urlencoded" },
      body: "title=x",
    }),
  },
  {
    name: "a page opened at 127.0.0.1: sent to the configured localhost",
    status: 307,
    request: () => ({ host: "127.0.0.1", method: "GET", path: "/resources" }),
  },
];

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that differ between any two answers (when, which request, how the socket is kept). */
const VARYING = new Set(["date", "keep-alive", "x-request-id"]);

/** One request on a fresh socket, its answer with the server's port written as `<port>`. */
function send(port: number, sent: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({
      host: "127.0.0.1",
      port,
      method: sent.method,
      path: sent.path,
      agent: false,
      headers: { host: `${sent.host}:${port}`, ...sent.headers },
    });
    let answered = false;
    request.on("response", (response) => {
      answered = true;
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(response.headers))
          if (!VARYING.has(name)) headers[name] = String(value).replaceAll(`:${port}`, ":<port>");
        // Every answer of the app server names its request: the header is there, whatever its value.
        headers["x-request-id"] = response.headers["x-request-id"] ? "present" : "missing";
        const body = Buffer.concat(parts).toString("utf8").replaceAll(`:${port}`, ":<port>");
        resolve({ status: response.statusCode ?? 0, headers, body });
      });
    });
    // A refused body may be cut off while it is still being sent: the answer has come by then.
    request.on("error", (error) => (answered ? undefined : reject(error)));
    request.end(sent.body);
  });
}

/** Until the server answers at all: the app server answers the loopback redirect before Next.js compiles a page. */
async function answering(service: Service, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (service.child.exitCode !== null) throw new Error(`npm run dev exited (${service.child.exitCode})`);
    const answered = await send(DEV_APP_PORT, { host: "127.0.0.1", method: "GET", path: "/" }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    if (Date.now() > deadline)
      throw new Error(`npm run dev did not answer on ${DEV_URL} within ${deadlineMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

let database: TestDatabase | undefined;
let dev: Service | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Empty: `npm run dev` applies the migrations itself, as on a developer's machine.
  database = await createTestDatabase("e2e_dev");
  dev = startService(
    "npm run dev",
    ["--import", "tsx", repoPath("tooling/devstack/start.ts"), "--dev"],
    {
      ...E2E_ENV, // the stack's sandbox: CLINIC_API_BASE_URL is set, so no sandbox of its own
      PORT: String(DEV_APP_PORT),
      APP_URL: DEV_URL,
      NEXTAUTH_URL: DEV_URL,
      DATABASE_URL: database.url,
      NEXTAUTH_SECRET: "e2e-nextauth-secret-not-for-production",
      NEXT_TELEMETRY_DISABLED: "1",
      // Nothing here sends mail or runs jobs: no mail catcher, and no second worker on the machine.
      SMTP_URL: "smtp://127.0.0.1:9",
      JOBS_WORKER: "off",
    },
    { quiet: true },
  );
  await answering(dev, 200_000);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  // `npm run dev` stops its app server before it exits: give it the time the server's shutdown takes.
  const child = dev?.child;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    await dev?.stop();
  }
  await database?.drop();
});

for (const row of ROWS) {
  test(`${row.name}: \`npm run dev\` answers as the build does`, async () => {
    const built = await send(E2E_APP_PORT, row.request(E2E_ENV.APP_URL));
    const developed = await send(DEV_APP_PORT, row.request(DEV_URL));
    expect(built.status).toBe(row.status);
    expect(developed).toEqual(built);
  });
}
