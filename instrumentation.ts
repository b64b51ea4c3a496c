// Next.js calls register() once when a server process starts. In the Node.js runtime it starts the
// job worker (event processing, reconciliation, retention) on the app's PostgreSQL; every app
// process runs one, and pg-boss makes sure each job and each scheduled run happens once.
// JOBS_WORKER=off leaves a process without a worker (it can still send jobs).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The app's own time zone rules, for every time the server writes (lib/format/zone-rules.ts).
  await import("@/lib/format/zone-data");
  // Refuse to serve at all with a setting that would break sign-in or event processing later.
  const { assertStartupConfig } = await import("@/lib/startup-check");
  const config = assertStartupConfig();
  if (!config.jobsWorker) return;
  const { startJobWorker } = await import("@/lib/jobs/start-worker");
  try {
    await startJobWorker();
  } catch (error) {
    // The app still serves pages and stores webhooks without a worker; say so loudly and go on.
    console.error("[jobs] the job worker did not start:", error instanceof Error ? error.message : error);
  }
}
