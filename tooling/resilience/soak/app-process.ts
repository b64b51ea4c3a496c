// An app process for the soak: the app's real webhook endpoint (lib/webhooks/endpoint, the door the
// app server calls) behind node:http, and the app's job workers (event processing, sweep) on the
// same pg-boss, on DATABASE_URL and PORT. Run as its own process so the soak can kill it. Prints
// "ready" once listening. Not lib/jobs/start-worker: that reads platform connections through
// lib/auth, which needs Next.js's runtime; scheduled reconciliation is not what the soak exercises.
import http from "node:http";
import { db } from "@/lib/db";
import { getBoss } from "@/lib/jobs/boss";
import { startWorkers } from "@/lib/jobs/worker";
import { serveNodeWebhook } from "@/lib/webhooks/endpoint";

const port = Number(process.env.PORT);

// As the Next.js server does (next/dist/server/node-environment-extensions/process-error-handlers):
// an unhandled rejection is logged, not fatal. It matters here because pg-boss 10's worker leaves
// its complete()/fail() calls unawaited, so a job that ends while the database is down rejects
// with no handler; under plain Node that would end this process and the soak would not be testing
// the app it stands for.
process.on("unhandledRejection", (reason) =>
  console.error("[soak-app] unhandled rejection:", reason instanceof Error ? reason.message : reason),
);

const server = http.createServer((req, res) => void serveNodeWebhook(req, res));

server.listen(port, "127.0.0.1", () => {
  console.log("ready");
  // The worker processes stored events; a failure to start it must not stop webhooks being stored.
  getBoss()
    .then((boss) =>
      startWorkers(boss, {
        db,
        retentionDays: 0,
        schedule: false,
        feedForClinic: async () => null,
        connectedClinicIds: async () => [],
      }),
    )
    .catch((error: unknown) => console.error("[soak-app] worker:", error instanceof Error ? error.message : error));
});
