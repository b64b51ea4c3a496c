// The audit trail end to end, as a table: every action a clinic answers for, done over HTTP the way
// the browser does it, writes exactly one entry naming who did it (or the app, for what it does on
// its own), with the ids and what changed. Then the admin page filters the trail, its export holds it,
// the chain verifies, and the other clinic's admin sees none of it. On the first seeded clinic.
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import pg from "pg";
import { queryOnce } from "@/tooling/testing/database";
import { verifyAuditTrail } from "@/lib/audit/verify";
import { FILES } from "@/sandbox/testing/files";
import { DATABASE_URL_VARS, E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { seedClinic, signInAsClinicAdmin } from "./support/clinic-admin";
import { decodeAnswer, postAction, type ActionRef } from "./support/server-actions";
import { PRACTITIONER, currentSession, signInAs, signOut } from "./support/session";

const CLINIC = 0;
const TAG = `audit-${Date.now().toString(36)}`;
const database = () => process.env[DATABASE_URL_VARS.main] ?? "";

interface Entry {
  seq: number;
  action: string;
  actor_user_id: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

const entriesSince = (clinicId: string, seq: number) =>
  queryOnce<Entry>(
    database(),
    "SELECT seq, action, actor_user_id, target_type, target_id, details FROM audit_entries WHERE clinic_id = $1 AND seq > $2 ORDER BY seq",
    [clinicId, seq],
  );
const headSeq = async (clinicId: string) =>
  (
    await queryOnce<{ seq: number | null }>(
      database(),
      "SELECT max(seq) AS seq FROM audit_entries WHERE clinic_id = $1",
      [clinicId],
    )
  )[0].seq ?? 0;

async function value<T>(api: APIRequestContext, ref: ActionRef, args: unknown[]): Promise<T> {
  const { answer, text } = await decodeAnswer(await postAction(api, ref, args));
  expect(answer.kind, text.slice(0, 300)).toBe("result");
  return (answer as { value: T }).value;
}

async function ok(api: APIRequestContext, ref: ActionRef, args: unknown[] = []): Promise<void> {
  const result = await value<{ ok: boolean; message: string }>(api, ref, args);
  expect(result.ok, result.message).toBe(true);
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

interface Person {
  page: Page;
  api: APIRequestContext;
  userId: string;
  connectionId: () => Promise<string>;
}

async function person(browser: Browser): Promise<Person> {
  const context = await browser.newContext({ baseURL: E2E_ENV.APP_URL });
  const page = await context.newPage();
  return { page, api: page.request, userId: "", connectionId: async () => "" };
}

async function signedIn(p: Person, nth: number): Promise<void> {
  await signInAs(p.page, PRACTITIONER, { clinicIndex: CLINIC, nth });
  p.userId = (await currentSession(p.page)).user?.id ?? "";
  p.connectionId = async () =>
    (
      await queryOnce<{ id: string }>(database(), "SELECT id FROM platform_connections WHERE user_id = $1", [p.userId])
    )[0].id;
}

interface Row {
  name: string;
  action: string;
  /** Who the entry must name: a person, or null for the app itself (then `target` picks the entry). */
  actor: () => string | null;
  run: () => Promise<void>;
  target?: () => string;
  details?: () => Record<string, unknown>;
}

test("every action writes exactly one audit entry; the page filters and exports it; another clinic sees none", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const clinic = await seedClinic(page, CLINIC);
  await signInAsClinicAdmin(page, CLINIC);
  const admin = { api: page.request, userId: (await currentSession(page)).user?.id ?? "" };
  const p = await person(browser); // practitioner 3: acts on their own resources, and is the target of admin actions
  const q = await person(browser); // practitioner 4: whose connection an admin revokes
  await signedIn(q, 3);

  const state = { resourceId: "", patientId: "", alertId: "", eventId: "", exportedRows: -1 };
  const entryWritten = (action: string) =>
    expect
      .poll(
        async () =>
          (
            await queryOnce(
              database(),
              "SELECT 1 FROM audit_entries WHERE clinic_id = $1 AND actor_user_id = $2 AND action = $3",
              [clinic.id, p.userId, action],
            )
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
  const upload = (method: "post" | "put", path: string) =>
    p.api[method](path, {
      multipart: {
        name: `${TAG} guide`,
        save_to_library: "true",
        file: { name: `${TAG}.pdf`, mimeType: "application/pdf", buffer: FILES.pdf },
      },
    });
  const waitForNoQueuedRun = () =>
    expect
      .poll(
        async () =>
          (
            await queryOnce(
              database(),
              "SELECT 1 FROM reconciliation_runs WHERE clinic_id = $1 AND status = 'queued'",
              [clinic.id],
            )
          ).length,
        { timeout: 30_000 },
      )
      .toBe(0);
  const brokenConnectionAlert = async () =>
    (
      await queryOnce<{ id: string }>(
        database(),
        "SELECT id FROM alerts WHERE clinic_id = $1 AND key = $2 AND resolved_at IS NULL",
        [clinic.id, `connection:${await p.connectionId()}`],
      )
    )[0]?.id ?? "";

  const rows: Row[] = [
    { name: "sign-in", action: "auth.signed_in", actor: () => p.userId, run: () => signedIn(p, 2) },
    {
      name: "a patient search",
      action: "patients.searched",
      actor: () => p.userId,
      run: async () => {
        const page1 = await value<{ ok: true; data: { items: Array<{ id: string }> } }>(
          p.api,
          "app/patients/actions.ts#loadPatients",
          [{ q: "a", page: 1, size: 25 }],
        );
        state.patientId = page1.data.items[0].id;
      },
      details: () => ({ search: "a", page: 1, shownPatientIds: expect.arrayContaining([state.patientId]) }),
    },
    {
      name: "the embedded feature opened for a patient",
      action: "embedded.session_opened",
      actor: () => p.userId,
      run: async () => {
        const response = await p.api.post(`/embedded/session?patient=${state.patientId}`);
        expect(response.status(), await response.text()).toBe(201);
      },
      details: () => ({ patientId: state.patientId }),
    },
    {
      name: "a resource created",
      action: "resource.created",
      actor: () => p.userId,
      run: async () => {
        const response = await upload("post", "/api/resources");
        expect(response.status(), await response.text()).toBe(201);
        state.resourceId = ((await response.json()) as { resource: { id: string } }).resource.id;
      },
      target: () => state.resourceId,
      details: () => ({ name: `${TAG} guide`, file: { name: `${TAG}.pdf`, contentType: "application/pdf" } }),
    },
    {
      name: "a resource edited",
      action: "resource.edited",
      actor: () => p.userId,
      run: async () => {
        const edited = await value<{ ok: boolean }>(p.api, "app/resources/actions.ts#updateResourceDetails", [
          { resourceId: state.resourceId, name: `${TAG} renamed`, save_to_library: "false" },
        ]);
        expect(edited.ok).toBe(true);
      },
      target: () => state.resourceId,
      details: () => ({ name: `${TAG} renamed`, saveToLibrary: false }),
    },
    {
      name: "a resource's file replaced",
      action: "resource.file_replaced",
      actor: () => p.userId,
      run: async () => {
        const response = await upload("put", `/api/resources/${state.resourceId}`);
        expect(response.status(), await response.text()).toBe(200);
      },
      target: () => state.resourceId,
    },
    {
      name: "a resource deleted",
      action: "resource.deleted",
      actor: () => p.userId,
      run: async () => {
        const removed = await value<{ ok: boolean }>(p.api, "app/resources/actions.ts#deleteResource", [
          { resourceId: state.resourceId },
        ]);
        expect(removed.ok).toBe(true);
      },
      target: () => state.resourceId,
    },
    {
      name: "a promotion",
      action: "admin.promoted",
      actor: () => admin.userId,
      run: () => ok(admin.api, "app/admin/accounts/actions.ts#setAdminAction", [{ userId: p.userId, isAdmin: true }]),
      target: () => p.userId,
    },
    {
      name: "a demotion",
      action: "admin.demoted",
      actor: () => admin.userId,
      run: () => ok(admin.api, "app/admin/accounts/actions.ts#setAdminAction", [{ userId: p.userId, isAdmin: false }]),
      target: () => p.userId,
    },
    {
      name: "a forced refresh",
      action: "connection.refresh_forced",
      actor: () => admin.userId,
      run: async () =>
        ok(admin.api, "app/admin/accounts/actions.ts#forceRefreshAction", [{ connectionId: await p.connectionId() }]),
      details: () => ({ outcome: "refreshed" }),
    },
    {
      name: "the clinic key removed",
      action: "clinic_key.removed",
      actor: () => admin.userId,
      run: () => ok(admin.api, "app/admin/clinic-key/actions.ts#removeClinicKeyAction"),
      target: () => clinic.id,
    },
    {
      name: "the clinic key entered",
      action: "clinic_key.entered",
      actor: () => admin.userId,
      run: () =>
        ok(admin.api, "app/admin/clinic-key/actions.ts#saveClinicKeyAction", [
          { ok: true, data: null },
          form({ clinicKey: clinic.current_clinic_key }),
        ]),
      details: () => ({ key: `••••••••${clinic.current_clinic_key.slice(-4)}` }),
    },
    {
      name: "a reconciliation started",
      action: "reconciliation.started",
      actor: () => admin.userId,
      run: async () => {
        await waitForNoQueuedRun(); // a run already waiting would be the answer, not a new one
        const started = await value<{ ok: boolean }>(
          admin.api,
          "app/events/reconciliation-actions.ts#startReconciliation",
          [],
        );
        expect(started.ok).toBe(true);
      },
      details: () => ({ trigger: "manual" }),
    },
    {
      name: "where alerts are emailed",
      action: "alert.email_changed",
      actor: () => admin.userId,
      run: () =>
        ok(admin.api, "app/admin/alerts/actions.ts#saveAlertEmailAction", [
          { ok: true, data: null },
          form({ email: `${TAG}@maple.test` }),
        ]),
      details: () => ({ email: `${TAG}@maple.test` }),
    },
    {
      name: "the clinic's time zone",
      action: "clinic.settings_changed",
      actor: () => admin.userId,
      run: () =>
        ok(admin.api, "app/admin/settings/actions.ts#saveTimeZoneAction", [
          { ok: true, data: null },
          form({ timeZone: "America/Vancouver" }),
        ]),
      target: () => clinic.id,
      details: () => ({ setting: "time zone", to: "America/Vancouver" }),
    },
    {
      name: "the clinic's time zone, back",
      action: "clinic.settings_changed",
      actor: () => admin.userId,
      run: () =>
        ok(admin.api, "app/admin/settings/actions.ts#saveTimeZoneAction", [
          { ok: true, data: null },
          form({ timeZone: "America/Toronto" }),
        ]),
      details: () => ({ setting: "time zone", from: "America/Vancouver", to: "America/Toronto" }),
    },
    {
      name: "a test email",
      action: "alert.test_email_sent",
      actor: () => admin.userId,
      run: () => ok(admin.api, "app/admin/alerts/actions.ts#sendTestEmailAction"),
    },
    {
      name: "a new sign-in asked for",
      action: "connection.reconnect_requested",
      actor: () => admin.userId,
      run: async () =>
        ok(admin.api, "app/admin/accounts/actions.ts#requestReconnectAction", [
          { connectionId: await p.connectionId() },
        ]),
    },
    {
      name: "an alert sent (by the app, after a check)",
      action: "alert.sent",
      actor: () => null,
      run: async () => {
        await ok(admin.api, "app/admin/alerts/actions.ts#checkAlertsNowAction");
        await expect.poll(brokenConnectionAlert, { timeout: 30_000 }).not.toBe("");
        state.alertId = await brokenConnectionAlert();
        await expect
          .poll(
            async () =>
              (await queryOnce(database(), "SELECT 1 FROM audit_entries WHERE target_id = $1", [state.alertId])).length,
            { timeout: 30_000 },
          )
          .toBeGreaterThan(0);
      },
      target: () => state.alertId,
      details: () => ({ kind: "connection_broken", stage: "open", inApp: true }),
    },
    {
      name: "an alert acknowledged",
      action: "alert.acknowledged",
      actor: () => admin.userId,
      run: () => ok(admin.api, "app/admin/alerts/actions.ts#acknowledgeAlertAction", [{ alertId: state.alertId }]),
      target: () => state.alertId,
    },
    {
      name: "a connection revoked",
      action: "connection.revoked",
      actor: () => admin.userId,
      run: async () =>
        ok(admin.api, "app/admin/accounts/actions.ts#revokeConnectionAction", [
          { connectionId: await q.connectionId() },
        ]),
      details: () => ({ revokedAtPlatform: true }),
    },
    {
      name: "the trail exported",
      action: "audit.exported",
      actor: () => admin.userId,
      run: async () => expect((await admin.api.get("/admin/audit/export")).status()).toBe(200),
    },
    // Reads of patient data in the event history: written once answered, so each run waits for its entry.
    {
      name: "a timeline search by text",
      action: "events.searched",
      actor: () => p.userId,
      run: async () => {
        const response = await p.api.get(`/api/events?q=${TAG}`);
        expect(response.status(), await response.text()).toBe(200);
        await entryWritten("events.searched");
      },
      details: () => ({ search: TAG, rows: 0 }),
    },
    {
      name: "an event's detail opened",
      action: "events.viewed",
      actor: () => p.userId,
      run: async () => {
        const [event] = await queryOnce<{ id: string }>(
          database(),
          "SELECT id FROM events WHERE clinic_id = $1 ORDER BY created_at DESC LIMIT 1",
          [clinic.id],
        );
        state.eventId = event.id;
        const response = await p.api.get(`/api/events/${encodeURIComponent(event.id)}`);
        expect(response.status(), await response.text()).toBe(200);
        await entryWritten("events.viewed");
      },
      target: () => state.eventId,
    },
    {
      name: "the event history exported",
      action: "events.exported",
      actor: () => p.userId,
      run: async () => {
        const response = await p.api.get("/api/events/export?category=patients");
        expect(response.status()).toBe(200);
        const lines = (await response.text()).trim().split("\n").length - 1;
        state.exportedRows = lines;
        await entryWritten("events.exported");
      },
      details: () => ({ filters: { category: "patients" }, rows: state.exportedRows, complete: true }),
    },
    { name: "sign-out", action: "auth.signed_out", actor: () => p.userId, run: () => signOut(p.page) },
  ];

  for (const row of rows) {
    await test.step(row.name, async () => {
      const before = await headSeq(clinic.id);
      await row.run();
      const actor = row.actor();
      const written = (await entriesSince(clinic.id, before)).filter((e) =>
        actor === null ? e.target_id === row.target?.() : e.actor_user_id === actor,
      );
      expect(written.map((e) => e.action)).toEqual([row.action]);
      if (row.target) expect(written[0].target_id).toBe(row.target());
      if (row.details) expect(written[0].details).toMatchObject(row.details());
      expect(JSON.stringify(written[0])).not.toMatch(/\b(at|rt)_[A-Za-z0-9_-]{32}\b|base64|secret_token|\/files\//);
    });
  }

  // The admin page: filtered by person, and by action; the export holds the same entries.
  const [{ n: byP }] = await queryOnce<{ n: number }>(
    database(),
    "SELECT count(*)::int AS n FROM audit_entries WHERE actor_user_id = $1",
    [p.userId],
  );
  expect(byP).toBeGreaterThanOrEqual(rows.filter((r) => r.actor() === p.userId).length);
  await page.goto(`/admin/audit?person=${p.userId}`);
  const table = page.getByRole("table", { name: "Audit trail" });
  await expect(table.locator("tr[data-audit-action]")).toHaveCount(byP);
  await page.getByLabel("Action").selectOption("resource.deleted");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/action=resource\.deleted/);
  await expect(page).toHaveURL(new RegExp(`person=${p.userId}`));
  await expect(table.locator("tr[data-audit-action]").first()).toContainText(state.resourceId);
  await expect(table.locator('tr[data-audit-action]:not([data-audit-action="resource.deleted"])')).toHaveCount(0);
  await expect(table).toContainText("Deleted a resource");
  await expect(table).toContainText(state.resourceId);
  const csv = await (await page.request.get(`/admin/audit/export?person=${p.userId}`)).text();
  expect(csv.trim().split("\n")).toHaveLength(1 + byP);
  expect(csv).toContain(state.resourceId);

  // The chain of the whole trail, written by real requests in parallel with the app's own jobs, holds.
  const client = new pg.Client({ connectionString: database() });
  await client.connect();
  try {
    for (const report of await verifyAuditTrail(client)) expect(report, report.clinicId).toMatchObject({ ok: true });
  } finally {
    await client.end();
  }

  // The other clinic's admin: none of it on their page, in their filter or in their export.
  const other = await browser.newPage({ baseURL: E2E_ENV.APP_URL });
  await signInAsClinicAdmin(other, 1);
  await other.goto("/admin/audit");
  await expect(other.getByRole("table", { name: "Audit trail" })).toBeVisible();
  const theirs = await other.content();
  expect(theirs).not.toContain(state.resourceId);
  expect(theirs).not.toContain(p.userId);
  await expect(other.getByLabel("Person").locator(`option[value="${p.userId}"]`)).toHaveCount(0);
  const theirAll = await (await other.request.get("/admin/audit/export")).text();
  for (const id of [state.resourceId, p.userId, admin.userId, clinic.id]) expect(theirAll).not.toContain(id);
  // Asking for a person of the other clinic by id finds nothing (the ask itself is their own entry).
  const theirCsv = await (await other.request.get(`/admin/audit/export?person=${p.userId}`)).text();
  expect(theirCsv.trim().split("\n")).toHaveLength(1);
  await other.close();
  await p.page.context().close();
  await q.page.context().close();
});
