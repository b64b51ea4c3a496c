// The webhook route reads the signature from the header the configuration names
// (CLINIC_SIGNATURE_HEADER: the real servers' own name), at both doors, and not from the
// spec's default name. A signature by another secret tells the two apart without storing anything:
// read and refused (401) in the header the route reads, missing (400) in any other. Its own file:
// the process's configuration is read once per module copy.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signWebhookBody } from "@/lib/webhooks/signature";

const CONFIGURED = "Acme-Signature";

let endpoint: typeof import("@/lib/webhooks/endpoint");
let server: http.Server;
let nodeUrl: string;

beforeAll(async () => {
  process.env.CLINIC_SIGNATURE_HEADER = CONFIGURED;
  endpoint = await import("@/lib/webhooks/endpoint");
  server = http.createServer((req, res) => void endpoint.serveNodeWebhook(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  nodeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/clinic`;
});
afterAll(async () => {
  delete process.env.CLINIC_SIGNATURE_HEADER;
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const body = JSON.stringify({
  event: {
    id: "evt_header",
    type: "patient.created",
    clinic_id: "clinic-a",
    created_at: new Date().toISOString(),
    data: {},
  },
});
const otherSecrets = signWebhookBody(body, "not-the-signing-secret", Math.floor(Date.now() / 1000));

const doors = {
  fetch: async (headers: Record<string, string>) =>
    (
      await endpoint.receiveWebhook(
        new Request("http://app.test/api/webhooks/clinic", { method: "POST", body, headers }),
      )
    ).status,
  node: async (headers: Record<string, string>) => (await fetch(nodeUrl, { method: "POST", body, headers })).status,
};

describe("the signature header's name is configuration", () => {
  const rows: Array<[string, string, number]> = [
    ["in the configured header: read, and refused for its secret", CONFIGURED, 401],
    ["in the configured header, in other letter case: read", CONFIGURED.toUpperCase(), 401],
    ["only in the spec's default header: not read, so missing", "Service-Signature", 400],
  ];
  it.each(rows)("a signature %s", async (_name, header, status) => {
    for (const [door, send] of Object.entries(doors))
      expect(await send({ "content-type": "application/json", [header]: otherSecrets }), door).toBe(status);
  });
});
