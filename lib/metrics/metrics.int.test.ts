// The metrics port after real traffic: signed and refused webhooks through the endpoint the app
// server serves, a reconciliation against the sandbox over HTTP, then a scrape of GET /metrics read
// as Prometheus would.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { signWebhookBody } from "@/lib/webhooks/signature";
import { deliveryBody } from "@/tooling/testing/webhook-delivery";
import {
  closeAppConnections,
  signInFirstStaff,
  startAuthTestbed,
  type AuthTestbed,
} from "@/tooling/testing/auth-testbed";

let bed: AuthTestbed;
let webhooks: http.Server;
let webhookUrl: string;
let metricsUrl: string;
let clinicId: string;

beforeAll(async () => {
  bed = await startAuthTestbed("metrics", { CLINIC_AUTH_MODE: "role", METRICS_PORT: "9464" });
  const endpoint = await import("@/lib/webhooks/endpoint");
  webhooks = http.createServer((req, res) => void endpoint.serveNodeWebhook(req, res));
  await new Promise<void>((resolve) => webhooks.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/api/webhooks/clinic`;
  const { startMetricsServer } = await import("@/lib/metrics/server");
  const server = await startMetricsServer({ port: 0, host: "127.0.0.1" });
  metricsUrl = `http://127.0.0.1:${(server!.address() as AddressInfo).port}/metrics`;
  clinicId = await signInFirstStaff(bed.sandboxUrl);
});
afterAll(async () => {
  await new Promise<void>((resolve) => (webhooks ? webhooks.close(() => resolve()) : resolve()));
  await closeAppConnections();
  await bed?.close();
});

/** The scrape as {"name{labels}": value}. */
async function scrape(): Promise<Map<string, number>> {
  const response = await fetch(metricsUrl);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  const values = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const at = line.lastIndexOf(" ");
    values.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return values;
}

const delivery = (id: string) => deliveryBody(id, clinicId);
const post = (body: string, secret: string = LOCAL_DEFAULTS.webhookSecret) =>
  fetch(webhookUrl, {
    method: "POST",
    body,
    headers: { "service-signature": signWebhookBody(body, secret, Math.floor(Date.now() / 1000)) },
  });

describe("GET /metrics after real traffic", () => {
  it("counts webhooks received, refused by reason and stored, with their latency and the backlog", async () => {
    expect((await post(delivery("evt-m-1"))).status).toBe(200);
    expect((await post(delivery("evt-m-1"))).status).toBe(200); // the platform's retry: a duplicate
    expect((await post(delivery("evt-m-2"), "another-secret")).status).toBe(401);
    const m = await scrape();
    expect(m.get("clinic_connect_webhook_deliveries_received_total")).toBe(3);
    expect(m.get('clinic_connect_webhook_deliveries_stored_total{result="new"}')).toBe(1);
    expect(m.get('clinic_connect_webhook_deliveries_stored_total{result="duplicate"}')).toBe(1);
    expect([...m].filter(([k]) => k.startsWith("clinic_connect_webhook_deliveries_refused_total"))).toEqual([
      [expect.stringMatching(/reason="\w+"/), 1],
    ]);
    expect(m.get('clinic_connect_webhook_ingest_seconds_count{status="200"}')).toBe(2);
    expect(m.get("clinic_connect_event_backlog")).toBe(1); // stored, and no worker here to process it
    expect(m.get("clinic_connect_event_backlog_oldest_seconds")).toBeGreaterThanOrEqual(0);
    expect(m.get("clinic_connect_metrics_database_ok")).toBe(1);
    expect(m.get("clinic_connect_db_pool_waiting")).toBe(0);
  });

  it("counts a reconciliation, the platform calls it made, and the clinic's time since success", async () => {
    const [{ db }, { clientForClinic }, { reconcileClinic }] = await Promise.all([
      import("@/lib/db"),
      import("@/lib/auth"),
      import("@/lib/events/reconcile/run"),
    ]);
    let m = await scrape();
    expect(m.get(`clinic_connect_reconciliation_seconds_since_success{clinic="${clinicId}"}`)).toBe(-1);
    const row = await db.reconciliationRun.create({ data: { clinicId, trigger: "manual" } });
    await reconcileClinic(db, await clientForClinic(clinicId), clinicId, row.id, { enqueueProcessing: async () => {} });
    m = await scrape();
    expect(m.get('clinic_connect_reconciliation_runs{outcome="succeeded"}')).toBe(1);
    expect(m.get('clinic_connect_reconciliation_runs{outcome="failed"}')).toBe(0);
    const since = m.get(`clinic_connect_reconciliation_seconds_since_success{clinic="${clinicId}"}`);
    expect(since).toBeGreaterThanOrEqual(0);
    expect(since).toBeLessThan(30);
    const calls = [...m].filter(([k]) => k.startsWith("clinic_connect_platform_call_seconds_count{"));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.some(([k, v]) => k.includes('status="200"') && k.includes('method="GET"') && v > 0)).toBe(true);
    expect(calls.every(([k]) => !/endpoint="[^"]*\d/.test(k))).toBe(true); // ids folded into :id
    const quota = [...m].filter(([k]) => k.startsWith("clinic_connect_platform_quota_used_ratio{"));
    expect(quota.map(([k]) => k)).toEqual(expect.arrayContaining([expect.stringContaining('share="background"')]));
    for (const [, v] of quota) expect(v).toBeGreaterThan(0);
  });
});
