// Two app processes on one database (the "pair" of tooling/testing/e2e-stacks.ts, both running the job worker and
// the reconciliation schedule every minute): a delivery raced to both is stored and processed once,
// and each scheduled reconciliation runs once, not once per process. Also, on this stack's database
// where nobody of the second clinic has signed in: that clinic's events are kept until someone does.
import { createHmac, randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import type pg from "pg";
import { queryOnce } from "@/tooling/testing/database";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { DATABASE_URL_VARS, PAIR_APPS } from "@/tooling/testing/e2e-stacks";
import { STAFF, sandboxControl, signInAs } from "./support/session";

const query = <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
  queryOnce<T>(process.env[DATABASE_URL_VARS.pair] ?? "", sql, params);

function signed(body: string): string {
  const t = Math.floor(Date.now() / 1000);
  return `t=${t},v1=${createHmac("sha256", LOCAL_DEFAULTS.webhookSecret).update(`${t}.${body}`).digest("hex")}`;
}

test("a delivery raced to both processes is stored once and counted once", async ({ request }) => {
  const id = `evt_pair_${randomUUID()}`;
  // A clinic nobody connected: its events are kept all the same.
  const clinicId = `clinic_pair_${randomUUID().slice(0, 8)}`;
  const body = JSON.stringify({
    event: {
      id,
      type: "order.placed",
      clinic_id: clinicId,
      integration_id: null,
      created_at: new Date().toISOString(),
      data: { order: { id: "o1" } },
    },
  });
  const deliveries = PAIR_APPS.flatMap((app) => Array.from({ length: 10 }, () => app.url));
  const answers = await Promise.all(
    deliveries.map(async (url) => {
      const response = await request.post(`${url}/api/webhooks/clinic`, {
        data: Buffer.from(body),
        headers: { "content-type": "application/json", "Service-Signature": signed(body) },
      });
      return { status: response.status(), body: await response.json() };
    }),
  );
  for (const answer of answers)
    expect(answer).toEqual({ status: 200, body: { challenge: LOCAL_DEFAULTS.webhookChallenge } });

  expect(await query("SELECT id FROM events WHERE id = $1", [id])).toHaveLength(1);
  const receipts = await query<{ duplicate: boolean; n: number }>(
    "SELECT duplicate, count(*)::int AS n FROM webhook_receipts WHERE event_id = $1 GROUP BY duplicate ORDER BY duplicate",
    [id],
  );
  expect(receipts).toEqual([
    { duplicate: false, n: 1 },
    { duplicate: true, n: deliveries.length - 1 },
  ]);
  // Processed by one of the workers, and counted in the chart's projection exactly once.
  await expect
    .poll(
      async () =>
        (
          await query<{ done: boolean }>(
            "SELECT NOT EXISTS (SELECT 1 FROM event_backlog WHERE event_id = $1) AS done FROM events WHERE id = $1",
            [id],
          )
        )[0]?.done,
      { timeout: 20_000 },
    )
    .toBe(true);
  expect(
    await query<{ count: number }>("SELECT count FROM event_daily_counts WHERE clinic_id = $1", [clinicId]),
  ).toEqual([{ count: 1 }]);
});

test("an event of a clinic nobody has connected is kept, and shows once someone of it signs in", async ({
  page,
  request,
}) => {
  const clinicB = (await sandboxControl<{ clinics: { id: string }[] }>(page, "seed")).clinics[1];
  expect(
    await query("SELECT id FROM users WHERE clinic_id = $1", [clinicB.id]),
    "nobody of the clinic has signed in here yet",
  ).toEqual([]);
  const id = `evt_unconnected_${randomUUID()}`;
  const body = JSON.stringify({
    event: {
      id,
      type: "patient.created",
      clinic_id: clinicB.id,
      integration_id: null,
      created_at: new Date().toISOString(),
      data: { patient: { id: "p_unconnected" } },
    },
  });
  const answer = await request.post(`${PAIR_APPS[1].url}/api/webhooks/clinic`, {
    data: Buffer.from(body),
    headers: { "content-type": "application/json", "Service-Signature": signed(body) },
  });
  expect(answer.status()).toBe(200);

  await signInAs(page, STAFF, { clinicIndex: 1, appUrl: PAIR_APPS[0].url });
  await page.goto(`${PAIR_APPS[0].url}/events?q=${id}`);
  await expect(page.locator(`tr[data-event-id="${id}"]`)).toContainText("Patient added");
});

test("each scheduled reconciliation runs once across both processes", async ({ page }) => {
  test.setTimeout(180_000);
  const [clinic] = (await sandboxControl<{ clinics: { id: string }[] }>(page, "seed")).clinics;
  // Connect the clinic through the first process: the schedule reconciles connected clinics.
  await signInAs(page, STAFF, { appUrl: PAIR_APPS[0].url });
  // requested_at holds UTC without a zone: compare with UTC text, not a zoned Date.
  const connectedAt = new Date().toISOString().slice(0, 23);
  // Wait for a scheduled run that started after the connection, and for it to finish.
  await expect
    .poll(
      async () =>
        (
          await query<{ status: string }>(
            "SELECT status::text FROM reconciliation_runs WHERE clinic_id = $1 AND trigger = 'schedule' AND requested_at > $2::timestamp ORDER BY requested_at",
            [clinic.id, connectedAt],
          )
        ).map((r) => r.status),
      {
        timeout: 150_000,
        intervals: [2_000],
      },
    )
    .toContain("succeeded");

  // pg-boss keeps finished jobs. Its clock (in either process) queues one "send it" job per minute
  // of the schedule, keyed by the minute, and whichever process takes that job sends the fan-out job
  // (or none, while the last fan-out still waits: the queue is stately). So never more fan-outs than
  // minutes of the schedule, whatever the number of processes. Counted by minute of the schedule,
  // not of creation: on a busy machine a minute's fan-out can be sent a few seconds into the next.
  const [{ minutes, fanOuts }] = await query<{ minutes: number; fanOuts: number }>(
    `SELECT (SELECT count(*)::int FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = 'reconcile-all' AND state IN ('active', 'completed')) AS "minutes",
            (SELECT count(*)::int FROM pgboss.job WHERE name = 'reconcile-all') AS "fanOuts"`,
  );
  expect(fanOuts).toBeGreaterThan(0);
  expect(fanOuts, "fan-out jobs against minutes of the schedule").toBeLessThanOrEqual(minutes);
  // Each fan-out starts at most one run per clinic: never more scheduled runs of the clinic than fan-outs.
  const [{ runs }] = await query<{ runs: number }>(
    "SELECT count(*)::int AS runs FROM reconciliation_runs WHERE clinic_id = $1 AND trigger = 'schedule'",
    [clinic.id],
  );
  expect(runs).toBeGreaterThan(0);
  expect(runs).toBeLessThanOrEqual(fanOuts);
  // The runs did their work: the clinic's history from the platform's event lists is here.
  const stored = await query<{ n: number }>(
    "SELECT count(*)::int AS n FROM events WHERE clinic_id = $1 AND source = 'reconciliation'",
    [clinic.id],
  );
  expect(stored[0].n).toBeGreaterThan(0);
});
