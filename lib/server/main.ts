// The app's server process (lib/server/app-server.ts), what `npm start`, the end-to-end tests and the
// benchmarks run instead of `next start`. The build bundles it into <dist dir>/app-server.mjs (see
// tooling/devstack/build.ts): `node .next/app-server.mjs [--port N] [--hostname H] [--dir D] [--dev]`.
// The port is --port, else PORT, else 3000; it listens on every interface unless --hostname says
// otherwise (as `next start` does), and serves the project in --dir, else the working directory.
// --dev serves the sources through Next.js's development mode instead of the build (`npm run dev`).
import path from "node:path";
import { parseArgs } from "node:util";
import { startAppServer } from "@/lib/server/app-server";
import { log } from "@/lib/log/logger";
import { shutDown, shutdownTimeoutMs } from "@/lib/server/shutdown";
import { existingBoss } from "@/lib/queue/boss";
import { flushHeldCounts } from "@/lib/health/process-state";
import { stopTracing } from "@/lib/tracing/start";

const { values } = parseArgs({
  options: {
    port: { type: "string" },
    hostname: { type: "string" },
    dir: { type: "string" },
    dev: { type: "boolean", default: false },
  },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  log.error(`app: not a port: ${values.port ?? process.env.PORT}. Give a number from 0 (any free port) to 65535.`);
  process.exit(1);
}
const dir = path.resolve(values.dir ?? process.cwd());

const app = await startAppServer({ dir, port, hostname: values.hostname, dev: values.dev }).catch((error: unknown) => {
  log.fatal("app: could not start", { err: error });
  process.exit(1);
});
log.info(`app: ready on http://${values.hostname ?? "localhost"}:${app.port}`, { port: app.port });

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // In-flight requests and current jobs finish, within SHUTDOWN_TIMEOUT_MS (lib/server/shutdown.ts).
  void shutDown({
    server: app.server,
    timeoutMs: shutdownTimeoutMs(),
    stopJobs: async (timeoutMs) => {
      const boss = await existingBoss()?.catch(() => undefined);
      await boss?.stop({ graceful: true, timeout: timeoutMs, wait: true });
    },
    flush: flushHeldCounts,
    closeDatabase: async () => {
      const shared = globalThis as unknown as { clinicConnectPool?: { end(): Promise<void> } };
      await shared.clinicConnectPool?.end();
    },
  })
    // The spans still waiting go to the collector before the process ends.
    .then(async (clean) => {
      await stopTracing().catch(() => {});
      return clean;
    })
    .then((clean) => process.exit(clean ? 0 : 1));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
