// The fairness benchmark's hostile senders (tooling/bench/fairness.ts runs them as phases of its own,
// against the same webhooks and the same other clinic as its baseline):
// - slow bodies: SLOW_BODIES connections with no session, each declaring a 2 GB upload and sending
//   a byte every 5 s, reconnecting when cut, while another practitioner uploads small files;
// - catalog news: CATALOG_EVENTS signed product.created deliveries of about 200 KB, with
//   CATALOG_CLINICS clinics in the database, each with a connection (so that each gets its copy).
// And what the phases share with the rest of the benchmark: a signed delivery of a new patient, and
// how long another clinic's new event waits to be processed.
import net from "node:net";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { signWebhookBody } from "@/lib/webhooks/signature";
import type { Stack } from "@/tooling/bench/pages/stack";
import { sleep } from "@/tooling/bench/support";
import { queryOnce, withClient } from "@/tooling/testing/database";

export const SLOW_BODIES = 20;
export const CATALOG_CLINICS = 100;
export const CATALOG_EVENTS = 50;
const CATALOG_BYTES = 200 * 1000;
const TRICKLE_MS = 5000;
/** Longest a processing is waited for before it counts as not done. */
const PROCESSED_WAIT_MS = 60_000;

/** Counts of the slow senders' answers by HTTP status (0: cut without an answer), and connections made. */
export interface SlowBodies {
  statuses: Map<number, number>;
  connections: number;
}

/** Opens SLOW_BODIES trickling connections until `until`, each reconnecting once its answer comes. */
export async function slowBodyAttack(stack: Stack, until: number): Promise<SlowBodies> {
  const { hostname, port } = new URL(stack.appUrl);
  const result: SlowBodies = { statuses: new Map(), connections: 0 };
  const one = () =>
    new Promise<void>((resolve) => {
      result.connections += 1;
      const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
      let answer = "";
      const drip = setInterval(() => socket.write("x"), TRICKLE_MS);
      const stop = setTimeout(() => socket.destroy(), Math.max(0, until - Date.now()));
      socket.on("connect", () =>
        socket.write(
          `POST /api/resources HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: multipart/form-data; boundary=x\r\n` +
            `Content-Length: 2000000000\r\n\r\n--x`,
        ),
      );
      socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(drip);
        clearTimeout(stop);
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
        result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: SLOW_BODIES }, async () => {
      while (Date.now() < until) {
        await one();
        if (Date.now() < until) await sleep(100);
      }
    }),
  );
  return result;
}

/** Another person's 1 MB uploads, one after another, by HTTP status (0: no answer). */
export async function smallUploads(stack: Stack, cookie: string, until: number): Promise<Map<number, number>> {
  const bytes = new Uint8Array(1000 * 1000);
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"));
  const statuses = new Map<number, number>();
  for (let i = 0; Date.now() < until; i++) {
    const form = new FormData();
    form.set("name", `Bench small upload ${i}`);
    form.set("save_to_library", "true");
    form.set("file", new Blob([bytes], { type: "application/pdf" }), "small.pdf");
    let status = 0;
    try {
      const response = await fetch(`${stack.appUrl}/api/resources`, {
        method: "POST",
        headers: { cookie },
        body: form,
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // no answer
    }
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    await sleep(500);
  }
  return statuses;
}

/** CATALOG_CLINICS more clinics, each with a connection needing a new sign-in (no job calls the platform for it). */
export async function addCatalogClinics(stack: Stack): Promise<void> {
  await withClient(stack.database.url, async (client) => {
    await client.query(
      `INSERT INTO clinics (id, name, updated_at)
       SELECT 'clinic_bench_' || n, 'Bench clinic ' || n, now() FROM generate_series(1, $1::int) AS n`,
      [CATALOG_CLINICS],
    );
    await client.query(
      `INSERT INTO platform_connections (id, clinic_id, platform_user_id, platform_user_type, access_token_enc,
         refresh_token_enc, expires_at, state, updated_at)
       SELECT 'conn_bench_' || n, 'clinic_bench_' || n, 'prac_bench_' || n, 'Practitioner', 'x', 'x', now(), 'broken', now()
       FROM generate_series(1, $1::int) AS n`,
      [CATALOG_CLINICS],
    );
  });
}

/** A delivery of a new patient of `clinicId`, as the platform sends one. */
export function patientCreatedBody(id: string, clinicId: string): string {
  return JSON.stringify({
    event: {
      id,
      type: "patient.created",
      clinic_id: clinicId,
      integration_id: "int_bench",
      created_at: new Date().toISOString(),
      data: { patient: { id: `pat_${id}`, first_name: "Ada", last_name: "Lovelace" } },
    },
  });
}

/** POSTs `body` to the webhook `url`, signed with the local secret now. */
export function postSigned(url: string, body: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "service-signature": signWebhookBody(body, LOCAL_DEFAULTS.webhookSecret, Math.floor(Date.now() / 1000)),
    },
    body,
  });
}

/** CATALOG_EVENTS product.created deliveries of about CATALOG_BYTES each, ten at a time; their statuses. */
export async function catalogBurst(stack: Stack, tag: string): Promise<Map<number, number>> {
  const url = `${stack.appUrl}/api/webhooks/clinic`;
  const description = "<p>A long description of a product, as a genuine one may have.</p>".repeat(
    Math.ceil(CATALOG_BYTES / 64),
  );
  const statuses = new Map<number, number>();
  for (let i = 0; i < CATALOG_EVENTS; i += 10)
    await Promise.all(
      Array.from({ length: Math.min(10, CATALOG_EVENTS - i) }, async (_, j) => {
        const body = JSON.stringify({
          event: {
            id: `evt_catalog_${tag}_${i + j}`,
            type: "product.created",
            created_at: new Date().toISOString(),
            data: { name: `Bench product ${i + j}`, description_html: description, brand: { id: "b", name: "Bench" } },
          },
        });
        const response = await postSigned(url, body).catch(() => null);
        await response?.arrayBuffer();
        const status = response?.status ?? 0;
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }),
    );
  return statuses;
}

/** Catalog copies filed for the burst `tag`. */
export async function catalogCopies(stack: Stack, tag: string): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    stack.database.url,
    "SELECT count(*) AS n FROM events WHERE id LIKE $1 AND clinic_id <> ''",
    [`evt_catalog_${tag}_%~%`],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Delivers one patient.created of `clinicId` and waits until it is processed (its backlog row gone);
 * the milliseconds from the delivery's start, or Infinity past PROCESSED_WAIT_MS.
 */
export async function processedWithin(stack: Stack, clinicId: string, id: string): Promise<number> {
  const started = performance.now();
  const response = await postSigned(`${stack.appUrl}/api/webhooks/clinic`, patientCreatedBody(id, clinicId));
  await response.arrayBuffer();
  if (response.status !== 200) return Number.POSITIVE_INFINITY;
  while (performance.now() - started < PROCESSED_WAIT_MS) {
    const rows = await queryOnce<{ waiting: boolean; stored: boolean }>(
      stack.database.url,
      `SELECT EXISTS (SELECT 1 FROM event_backlog WHERE event_id = $1) AS waiting,
              EXISTS (SELECT 1 FROM events WHERE id = $1) AS stored`,
      [id],
    );
    if (rows[0]?.stored && !rows[0].waiting) return performance.now() - started;
    await sleep(50);
  }
  return Number.POSITIVE_INFINITY;
}
