// Turns traces on when an OTLP exporter is configured, with OpenTelemetry's standard variables, and
// leaves them off otherwise (instrumentation.ts calls startTracing before anything else):
// - OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set, or OTEL_TRACES_EXPORTER=otlp
//   (then http://localhost:4318 unless an endpoint is set): on;
// - OTEL_TRACES_EXPORTER=none, or OTEL_SDK_DISABLED=true: off, whatever else is set.
// Spans go in batches as OTLP over HTTP (JSON) to <endpoint>/v1/traces; OTEL_EXPORTER_OTLP_HEADERS,
// OTEL_SERVICE_NAME (clinic-connect by default) and OTEL_RESOURCE_ATTRIBUTES are read as usual.
import { markTracingOn } from "@/lib/tracing/tracer";

interface Flushable {
  shutdown(): Promise<void>;
}
const shared = globalThis as unknown as { clinicConnectTracerProvider?: Flushable };

/** What the environment asks for: null when traces stay off, else why they are on. */
export function tracingWanted(env: Record<string, string | undefined> = process.env): string | null {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return null;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  if (exporters.includes("none")) return null;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (exporters.includes("otlp")) return endpoint || "http://localhost:4318";
  return exporters.length === 0 && endpoint ? endpoint : null;
}

/** Registers the tracer provider when an exporter is configured; returns whether it did. */
export async function startTracing(env: Record<string, string | undefined> = process.env): Promise<boolean> {
  if (shared.clinicConnectTracerProvider) return true;
  if (!tracingWanted(env)) return false;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import("@opentelemetry/sdk-trace-node"),
      import("@opentelemetry/exporter-trace-otlp-http"),
      import("@opentelemetry/resources"),
    ]);
  const attributes: Record<string, string> = {};
  for (const pair of (env.OTEL_RESOURCE_ATTRIBUTES ?? "").split(",")) {
    const at = pair.indexOf("=");
    if (at > 0)
      attributes[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  attributes["service.name"] = env.OTEL_SERVICE_NAME?.trim() || attributes["service.name"] || "clinic-connect";
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes(attributes),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Global, with the async-hooks context: Next.js's own spans (its copy of the API reads the same
  // global) and ours share one trace per request.
  provider.register();
  shared.clinicConnectTracerProvider = provider;
  markTracingOn();
  return true;
}

/** Sends the spans still waiting and stops (the shutdown's last step). */
export async function stopTracing(): Promise<void> {
  await shared.clinicConnectTracerProvider?.shutdown();
}
