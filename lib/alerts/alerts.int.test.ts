// Alerts end to end below the UI: the sandbox over HTTP, a real PostgreSQL, and a real SMTP server.
// Each incident opens one alert and one email however often it is checked (and however many checks
// run at once), a graver stage tells the admins again, and the alert resolves itself when the
// condition clears. Another clinic's admin sees none of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { LOCAL_DEFAULTS } from "@/lib/contract";
import { db } from "@/lib/db";
import { pool } from "@/lib/db/pool";
import { clientForClinic, clientForUser, ReconnectRequiredError, type Actor } from "@/lib/auth";
import { platformOAuth } from "@/lib/auth/platform-oauth";
import { exchangeAndStore } from "@/lib/auth/provider";
import { openTokens } from "@/lib/auth/token-store";
import { connectionTokenProvider } from "@/lib/auth/token-provider";
import { createClinicClient } from "@/lib/clinic-api/client";
import { storeEvents } from "@/lib/events/store";
import { reconcileClinic } from "@/lib/events/reconcile/run";
import { saveClinicKey } from "@/lib/admin/clinic-key";
import { forceRefresh } from "@/lib/admin/connections";
import { createMailer } from "@/lib/email/mailer";
import { checkClinicAlerts, type AlertCheckDeps } from "@/lib/alerts/check";
import { setAlertEmail } from "@/lib/alerts/recipients";
import { acknowledgeAlert, alertCount, listAlerts } from "@/lib/alerts/view";
import { formatTime } from "@/lib/format/time";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";
import { startReceiver } from "@/sandbox/testing/receiver";
import { ack, CHALLENGE, SECRET } from "@/sandbox/testing/webhook-setup";
import {
  authorizeAs,
  sandboxControl,
  sandboxSeed,
  startAuthTestbed,
  TEST_APP_URL,
  TEST_REDIRECT_URI,
  type AuthTestbed,
  type SandboxSeed,
} from "@/tooling/testing/auth-testbed";
import { startSmtpCatcher, type SmtpCatcher } from "@/tooling/testing/smtp-catcher";

let bed: AuthTestbed;
let smtp: SmtpCatcher;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let seed: SandboxSeed;
let admin: Actor;
let otherAdmin: Actor;
let clinicId: string;

async function signIn(platformUserId: string): Promise<Actor> {
  const { code } = await authorizeAs(bed.sandboxUrl, platformUserId, { clientId: LOCAL_DEFAULTS.clientId });
  const { userId, clinicId: clinic } = await exchangeAndStore(code, TEST_REDIRECT_URI);
  return { userId, clinicId: clinic };
}

const sandbox = (path: string, body?: unknown) => sandboxControl(bed.sandboxUrl, path, body);
const activity = (type: string) => sandbox("activity", { clinic_id: clinicId, type });
const registerEndpoint = () =>
  sandbox("webhook-endpoint", { url: receiver.url, signing_secret: SECRET, challenge_token: CHALLENGE });

/** One check as the job runs it, with "now" on the sandbox's clock (the tests move it). */
async function check(): Promise<void> {
  const { now } = z.object({ now: z.string() }).parse(await sandbox("clock"));
  const deps: AlertCheckDeps = {
    db,
    feedForClinic: async (id) => clientForClinic(id).catch(() => null),
    mailer: createMailer(smtp.url, "Clinic Connect <alerts@clinic-connect.test>"),
    appUrl: TEST_APP_URL,
    now: () => new Date(now),
    inFlightMs: 0,
  };
  await checkClinicAlerts(deps, clinicId);
}

const open = async () => (await listAlerts(clinicId)).open;
const auditCount = (action: string) => db.auditEntry.count({ where: { clinicId, action } });
const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

beforeAll(async () => {
  bed = await startAuthTestbed("alerts", { CLINIC_AUTH_MODE: "role" });
  smtp = await startSmtpCatcher();
  receiver = await startReceiver(ack);
  seed = await sandboxSeed(bed.sandboxUrl);
  clinicId = seed.clinics[0].id;
  admin = await signIn(seed.clinics[0].staff[0].id);
  otherAdmin = await signIn(seed.clinics[1].staff[0].id);
  await saveClinicKey(admin, seed.clinics[0].current_clinic_key); // activated: the platform sends webhooks
  await registerEndpoint();
  await setAlertEmail(admin, "admin@maple.test");
  await setAlertEmail(otherAdmin, "admin@harbour.test");
});
afterAll(async () => {
  await db.$disconnect();
  await pool().end();
  await receiver?.close();
  await smtp?.close();
  await bed?.close();
});

describe("events the webhooks missed", () => {
  const run = async () => {
    const feed = await clientForClinic(clinicId);
    const row = await db.reconciliationRun.create({ data: { clinicId, trigger: "manual" } });
    await reconcileClinic(db, feed, clinicId, row.id, { enqueueProcessing: async () => {} });
  };

  it("are counted by type once a later run finds them, and resolve when a run finds none", async () => {
    await run(); // the first run fills the clinic's history: nothing to judge yet
    await check();
    expect(await open()).toEqual([]);

    // The endpoint is a test receiver, not this app: whatever the platform sends, the app never gets.
    await activity("patient.created");
    await activity("order.placed");
    await activity("order.placed");
    await run();
    await check();
    const [alert] = await open();
    expect(alert).toMatchObject({ kind: "missed_events", title: "Reconciliation found 3 events the webhooks missed" });
    expect(alert.body).toContain("order.placed (2), patient.created (1)");
    expect(mailsTo("admin@maple.test").map((m) => m.subject)).toEqual([
      `Reconciliation found 3 events the webhooks missed (${seed.clinics[0].name})`,
    ]);
    await check();
    expect(await open()).toHaveLength(1);

    await run();
    await check();
    expect(await open()).toEqual([]);
    expect((await listAlerts(clinicId)).resolved.map((a) => a.kind)).toContain("missed_events");
    expect(await auditCount("alert.resolved")).toBe(1);
  });
});

describe("a connection that needs a new sign-in", () => {
  it("opens with the link to send, and resolves when its person signs in again", async () => {
    const { id: practitioner, first_name, last_name } = seed.clinics[0].practitioners[0];
    const member = await signIn(practitioner);
    const row = await db.platformConnection.findUniqueOrThrow({ where: { userId: member.userId } });
    await platformOAuth().revoke(openTokens(row).refreshToken); // the platform ends it
    await expect(forceRefresh(admin, row.id)).rejects.toBeInstanceOf(ReconnectRequiredError);

    await check();
    const alert = (await open()).find((a) => a.kind === "connection_broken");
    expect(alert).toMatchObject({
      title: `${first_name} ${last_name} has to sign in again`, // named from the platform's people list
      link: { href: `${TEST_APP_URL}/signin?reason=broken` },
    });
    expect(mailsTo("admin@maple.test").at(-1)?.text).toContain(`${TEST_APP_URL}/signin?reason=broken`);

    await signIn(practitioner);
    await check();
    expect((await open()).filter((a) => a.kind === "connection_broken")).toEqual([]);
  });
});

describe("failing webhook deliveries", () => {
  it("alert once with the deadline, again when the endpoint is disabled, and resolve once deliveries work", async () => {
    const mailsBefore = mailsTo("admin@maple.test").length;
    await sandbox("faults", { webhook_fail_next: { count: 100 } });
    await activity("patient.created");
    await sandbox("webhooks/drain", {});
    const attempts = z
      .object({ deliveries: z.array(z.object({ attempted_at: z.string(), successfully_delivered: z.boolean() })) })
      .parse(await sandbox("deliveries")).deliveries;
    const firstFailure = attempts.filter((d) => !d.successfully_delivered).at(-1)?.attempted_at ?? "";
    const deadline = new Date(Date.parse(firstFailure) + 24 * 3600_000).toISOString();

    await Promise.all([check(), check()]); // two processes checking at once
    await check();
    const [failing] = await open();
    expect(failing).toMatchObject({
      kind: "webhook_deliveries",
      stage: "failing",
      title: "Webhook deliveries are failing",
    });
    // Times are on the clinic's clock: it has not chosen a zone, so the default one's, named.
    const onClinicClock = formatTime(deadline, { timeZone: DEFAULT_CLINIC_TIME_ZONE });
    expect(onClinicClock).toMatch(/ E[SD]T$/);
    expect(failing.body).toContain(`disables the webhook endpoint at ${onClinicClock}, 23 hours from now`);
    const mails = mailsTo("admin@maple.test").slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual([`Webhook deliveries are failing (${seed.clinics[0].name})`]);
    expect(mails[0].text).toContain(`at ${onClinicClock}, 23 hours after this was sent`);
    expect(await alertCount(clinicId)).toBe(1);

    expect(await acknowledgeAlert(admin, failing.id)).toBe(true);
    expect(await alertCount(clinicId)).toBe(0);
    const { first_name, last_name } = seed.clinics[0].staff[0];
    expect((await open())[0].acknowledged?.by).toBe(`${first_name} ${last_name}`);

    // A day passes with every attempt failing; the next failure disables the endpoint.
    await sandbox("clock/advance", { seconds: 25 * 3600 });
    await activity("order.placed");
    await sandbox("webhooks/drain", {});
    await check();
    const [disabled] = await open();
    expect(disabled).toMatchObject({ id: failing.id, stage: "disabled", acknowledged: null });
    expect(disabled.title).toBe("The platform disabled the webhook endpoint");
    expect(
      mailsTo("admin@maple.test")
        .slice(mailsBefore)
        .map((m) => m.subject),
    ).toEqual([
      `Webhook deliveries are failing (${seed.clinics[0].name})`,
      `The platform disabled the webhook endpoint (${seed.clinics[0].name})`,
    ]);
    expect(await auditCount("alert.sent")).toBe(4); // missed events, connection, failing, disabled

    // Another clinic's admin sees none of it and cannot touch it.
    expect(await listAlerts(otherAdmin.clinicId)).toEqual({ open: [], resolved: [] });
    expect(await acknowledgeAlert(otherAdmin, disabled.id)).toBe(false);
    expect(mailsTo("admin@harbour.test")).toEqual([]);

    // The endpoint is mended and re-enabled: the next delivery goes through.
    await sandbox("faults", { clear: true });
    await registerEndpoint();
    await activity("patient.created");
    await sandbox("webhooks/drain", {});
    await check();
    expect(await open()).toEqual([]);
    expect(await alertCount(clinicId)).toBe(0);
  });
});

describe("the clinic key revoked", () => {
  it("opens when its clinic_key.revoked event arrives and resolves when a new key is entered", async () => {
    await sandbox("clinic-keys/revoke", { clinic_id: clinicId });
    // The event as the webhook would bring it (read without the revoked key, which is refused now).
    const connectionId = (await db.platformConnection.findUniqueOrThrow({ where: { userId: admin.userId } })).id;
    const withoutKey = createClinicClient({
      baseUrl: bed.sandboxUrl,
      credentials: { tokens: connectionTokenProvider(connectionId) },
    });
    const listed = (await withoutKey.listEvents("clinic_keys", {}, { size: 100 })).items;
    await storeEvents(
      db,
      listed.flatMap((item) => item.event ?? []),
      "webhook",
    );
    await check();
    const alert = (await open()).find((a) => a.kind === "clinic_key_revoked");
    expect(alert).toMatchObject({ title: "The clinic revoked the clinic key", link: { href: "/admin/clinic-key" } });

    const issued = z
      .object({ clinic_key: z.object({ value: z.string() }) })
      .parse(await sandbox("clinic-keys/issue", { clinic_id: clinicId }));
    await saveClinicKey(admin, issued.clinic_key.value);
    await check();
    // Within minutes of a revocation the new key's state waits for its activation event.
    expect((await open()).filter((a) => a.kind === "clinic_key_revoked")).toHaveLength(1);
    const withKey = await clientForUser(admin.userId);
    const relisted = (await withKey.listEvents("clinic_keys", {}, { size: 100 })).items;
    await storeEvents(
      db,
      relisted.flatMap((item) => item.event ?? []),
      "webhook",
    );
    await check();
    expect((await open()).filter((a) => a.kind === "clinic_key_revoked")).toEqual([]);
  });
});
