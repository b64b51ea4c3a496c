// Traces after real traffic: the real SDK and OTLP exporter (lib/tracing/start.ts, what
// instrumentation.ts starts) send to a tiny OTLP/HTTP receiver here, while a request's span (what
// Next.js opens for a server action) runs a reconciliation against the sandbox over HTTP and the
// database. The receiver reads the JSON the collector protocol carries: one trace, the platform calls
// with the platform's x-request-id, and the database queries, all under the request's span.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  closeAppConnections,
  signInFirstStaff,
  startAuthTestbed,
  type AuthTestbed,
} from "@/tooling/testing/auth-testbed";

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: { key: string; value: OtlpValue }[];
}
interface OtlpExport {
  resourceSpans: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans: { spans: OtlpSpan[] }[];
  }[];
}

let receiver: http.Server;
const exports: { contentType?: string; body: OtlpExport }[] = [];
let bed: AuthTestbed;
let clinicId: string;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/traces") {
        exports.push({
          contentType: req.headers["content-type"],
          body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport,
        });
      }
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  // Tracing first: the pools made afterwards trace their queries (lib/db/pool.ts).
  const env = {
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    OTEL_SERVICE_NAME: "clinic-connect-test",
  };
  Object.assign(process.env, env);
  const { startTracing } = await import("@/lib/tracing/start");
  expect(await startTracing()).toBe(true);
  bed = await startAuthTestbed("tracing", { CLINIC_AUTH_MODE: "role", METRICS_PORT: "0" });
  clinicId = await signInFirstStaff(bed.sandboxUrl);
});

afterAll(async () => {
  await closeAppConnections();
  await bed?.close();
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
});

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes?.find((a) => a.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

it("sends one trace per request: its platform calls with the platform's x-request-id, and its queries", async () => {
  const [{ db }, { clientForClinic }, { reconcileClinic }, { tracer, PLATFORM_REQUEST_ID }, { stopTracing }] =
    await Promise.all([
      import("@/lib/db"),
      import("@/lib/auth"),
      import("@/lib/events/reconcile/run"),
      import("@/lib/tracing/tracer"),
      import("@/lib/tracing/start"),
    ]);
  const rootIds = await tracer().startActiveSpan("POST /admin/reconciliation", async (root) => {
    const row = await db.reconciliationRun.create({ data: { clinicId, trigger: "manual" } });
    await reconcileClinic(db, await clientForClinic(clinicId), clinicId, row.id, { enqueueProcessing: async () => {} });
    root.end();
    return root.spanContext();
  });
  await stopTracing(); // flushes the batch

  expect(exports.length).toBeGreaterThan(0);
  expect(exports[0]!.contentType).toMatch(/^application\/json/);
  const resource = exports[0]!.body.resourceSpans[0]!.resource?.attributes ?? [];
  expect(resource).toContainEqual({ key: "service.name", value: { stringValue: "clinic-connect-test" } });
  const spans = exports.flatMap((e) => e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
  const inTrace = spans.filter((s) => s.traceId === rootIds.traceId);
  const byId = new Map(inTrace.map((s) => [s.spanId, s]));
  const underRoot = (span: OtlpSpan): boolean => {
    for (let at: OtlpSpan | undefined = span; at; at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined)
      if (at.parentSpanId === rootIds.spanId) return true;
    return false;
  };

  const platform = inTrace.filter((s) => s.name.startsWith("platform "));
  expect(platform.length).toBeGreaterThan(0);
  for (const span of platform) {
    expect(underRoot(span)).toBe(true);
    expect(attribute(span, "http.response.status_code")).toBe(200);
    expect(attribute(span, PLATFORM_REQUEST_ID)).toMatch(/\S{6,}/);
    expect(span.name).not.toMatch(/\d/); // ids folded into :id, as in the metrics
  }
  const database = inTrace.filter((s) => s.name.startsWith("db "));
  expect(database.map((s) => attribute(s, "db.operation.name"))).toEqual(expect.arrayContaining(["INSERT", "SELECT"]));
  for (const span of database) expect(underRoot(span)).toBe(true);
  // No query text, so no literal of a query, goes in a span.
  expect(JSON.stringify(database)).not.toMatch(/db\.query\.text/);
});
