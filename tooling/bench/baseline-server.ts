// The ingest benchmark's baseline: the least a webhook receiver can do — a bare node:http server
// that reads the body, runs the same signature check as the app, parses the JSON and makes one
// INSERT with pg, then answers the challenge. Run as its own process (like the app) on PORT.
import http from "node:http";
import pg from "pg";
import { verifyWebhookSignature } from "@/lib/webhooks/signature";

const port = Number(process.env.PORT);
const secret = process.env.CLINIC_WEBHOOK_SECRET ?? "";
const challenge = JSON.stringify({ challenge: process.env.CLINIC_WEBHOOK_CHALLENGE ?? "" });
// The same pool size as the app's Prisma client (lib/db/index.ts).
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

interface Incoming {
  event: {
    id: string;
    type: string;
    clinic_id: string;
    integration_id?: string | null;
    created_at: string;
    data?: unknown;
  };
}

const server = http.createServer((req, res) => {
  if (req.method !== "POST") return void res.writeHead(405).end();
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const rawBody = Buffer.concat(chunks).toString("utf8");
    const header = req.headers["service-signature"];
    const check = verifyWebhookSignature({
      header: typeof header === "string" ? header : null,
      rawBody,
      secrets: [secret],
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    if (!check.ok) return void res.writeHead(401).end();
    const { event } = JSON.parse(rawBody) as Incoming;
    pool
      .query(
        `INSERT INTO events (id, clinic_id, integration_id, type, category, created_at, source, data)
         VALUES ($1, $2, $3, $4, 'patients', $5, 'webhook', $6) ON CONFLICT (id) DO NOTHING`,
        [
          event.id,
          event.clinic_id,
          event.integration_id ?? null,
          event.type,
          event.created_at,
          JSON.stringify(event.data ?? {}),
        ],
      )
      .then(
        () => res.writeHead(200, { "content-type": "application/json" }).end(challenge),
        () => res.writeHead(503).end(),
      );
  });
});
server.keepAliveTimeout = 5000;
server.listen(port, "127.0.0.1");
process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
