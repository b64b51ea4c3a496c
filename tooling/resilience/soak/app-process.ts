// An app process for the soak: the app's real webhook endpoint (lib/webhooks/endpoint, the door the
// app server calls) behind node:http, and the app's job workers (event processing, sweep) on the
// same pg-boss, on DATABASE_URL and PORT. Run as its own process so the soak can kill it. Prints
// "ready" once listening. Not lib/jobs/start-worker: that reads platform connections through
// lib/auth, which needs Next.js's runtime. SOAK_TOKENS (JSON: clinic id → platform access token)
// gives those clinics a platform feed, so their reconciliation runs here (the kill -9 test).
import http from "node:http";
import { createClinicClient } from "@/lib/clinic-api";
import { db } from "@/lib/db";
import { getBoss } from "@/lib/queue/boss";
import { startWorkers } from "@/lib/jobs/worker";
import { serveNodeWebhook } from "@/lib/webhooks/endpoint";

const port = Number(process.env.PORT);
const tokens = JSON.parse(process.env.SOAK_TOKENS ?? "{}") as Record<string, string>;
const feedForClinic = async (clinicId: string) => {
  const token = tokens[clinicId];
  if (!token) return null;
  return createClinicClient({
    baseUrl: process.env.CLINIC_API_BASE_URL ?? "",
    credentials: {
      tokens: {
        getAccessToken: async () => token,
        refreshAfterUnauthorized: () => Promise.reject(new Error("no refresh in the soak")),
      },
    },
  });
};

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
        feedForClinic,
        connectedClinicIds: async () => Object.keys(tokens),
      }),
    )
    .catch((error: unknown) => console.error("[soak-app] worker:", error instanceof Error ? error.message : error));
});
