// Next.js calls register() once when a server process starts. In the Node.js runtime it starts the
// job worker (event processing, reconciliation, retention) on the app's PostgreSQL; every app
// process runs one, and pg-boss makes sure each job and each scheduled run happens once.
// JOBS_WORKER=off leaves a process without a worker (it can still send jobs).
import type { Instrumentation } from "next";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // Traces first, so that every span of the process goes to the collector; off without an exporter
  // configured (lib/tracing/start.ts).
  const { startTracing } = await import("@/lib/tracing/start");
  await startTracing();
  // The app's own time zone rules, for every time the server writes (lib/format/zone-rules.ts).
  await import("@/lib/format/zone-data");
  // The metrics port first (lib/metrics/server.ts): a process whose worker did not start is worth watching.
  const { startMetricsServer } = await import("@/lib/metrics/server");
  await startMetricsServer();
  // Refuse to serve at all with a setting that would break sign-in or event processing later.
  const { assertStartupConfig } = await import("@/lib/startup-check");
  const config = assertStartupConfig();
  // Which encryption key to seal with, agreed with the other app processes before this one serves
  // (lib/auth/key-agreement.ts): a rolling key rotation never seals what a process cannot open.
  const { joinKeyAgreementOnce } = await import("@/lib/auth/key-agreement");
  const { systemDb } = await import("@/lib/db");
  await joinKeyAgreementOnce(systemDb);
  if (!config.jobsWorker) {
    const { processState } = await import("@/lib/health/process-state");
    processState().worker = "off";
    return;
  }
  const { startJobWorker } = await import("@/lib/jobs/start-worker");
  const { log } = await import("@/lib/log/logger");
  try {
    await startJobWorker();
  } catch (error) {
    // The app still serves pages and stores webhooks without a worker; say so loudly and go on.
    log.error("jobs: the job worker did not start", { err: error });
  }
}

// A page, action or route that threw: one line with the digest the error page shows the person (the
// reference they quote) beside the request id, so the two lead to each other.
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("@/lib/log/logger");
  const digest = error instanceof Error && "digest" in error ? String(error.digest) : undefined;
  log.error("app: request failed", {
    err: error,
    digest,
    method: request.method,
    path: request.path.split("?")[0],
    route: context.routePath,
    routeType: context.routeType,
  });
};
