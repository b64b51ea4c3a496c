// Who the hostile-input specs act as, and the records of the other clinic they aim at. Clinic A is the
// sandbox's first clinic, clinic B the second. Each user is signed in once through the sandbox in a
// browser context of their own; the specs send their requests with that context's cookies. B's ids come
// from the second clinic's own users (their upload, their patients, their connection), from the
// sandbox's control API and from the app's database; sandbox tokens minted here read the platform's
// side directly. Set-up is idempotent: run twice, it finds the same people in the same roles.
import {
  expect,
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type Page,
} from "@playwright/test";
import { queryOnce as query } from "@/tooling/testing/database";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { FILES } from "@/sandbox/testing/files";
import { DATABASE_URL_VARS, E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { CLINIC_ADMIN, PRACTITIONER, SANDBOX, currentSession, signInAs, signOut } from "./session";
import { platform } from "./activation";
import { decodeAnswer, postAction, type ActionRef } from "./server-actions";

/** `admin` is whichever of A's practitioner and staff member is A's admin; `member` is the other one. */
export type Who = "anon" | "practitioner" | "staff" | "admin" | "member" | "otherAdmin" | "otherMember";

export interface SeedClinic {
  id: string;
  current_clinic_key: string;
  practitioners: Array<{ id: string }>;
  staff: Array<{ id: string }>;
}

export interface Member {
  appUserId: string;
  platformUserId: string;
  role: string;
}

export interface Cast {
  api: Record<Who, APIRequestContext>;
  /** The signed-in users' browser pages (the requests above carry their cookies). */
  pages: Record<Exclude<Who, "anon">, Page>;
  members: Record<Exclude<Who, "anon">, Member>;
  clinics: { a: SeedClinic; b: SeedClinic };
  /** Clinic A's own records that hostile requests must leave as they are. */
  own: { resourceId: string; connectionId: string };
  /** Clinic B's records, aimed at by clinic A's users. */
  other: {
    resourceId: string;
    connectionId: string;
    adminConnectionId: string;
    patientName: string;
    patientIds: string[];
    eventId: string;
    runId: string;
    clinicKey: string;
  };
  /** Sandbox access tokens of A's practitioner and of B's member, to read the platform's side directly. */
  tokens: { practitioner: string; otherMember: string };
  /** The Cookie header of a session of A's that has been signed out since (a copy kept by an attacker). */
  endedSession: string;
  databaseUrl: string;
  close(): Promise<void>;
}

export const TAG = `hostile-${Date.now().toString(36)}`;

export async function seedClinics(api: APIRequestContext): Promise<{ a: SeedClinic; b: SeedClinic }> {
  const seed = (await (await api.get(`${SANDBOX}/__sandbox/seed`)).json()) as { clinics: SeedClinic[] };
  return { a: seed.clinics[0], b: seed.clinics[1] };
}

/** The answer of an action the specs' set-up relies on: it must be a plain `{ ok: true, … }`. */
export async function actionValue<T>(api: APIRequestContext, ref: ActionRef, args: unknown[]): Promise<T> {
  const { answer, text } = await decodeAnswer(await postAction(api, ref, args));
  expect(answer.kind, text.slice(0, 500)).toBe("result");
  return (answer as { value: T }).value;
}

async function signedIn(
  browser: Browser,
  who: RegExp,
  clinicIndex: number,
  nth: number,
): Promise<{ page: Page; member: Member }> {
  const context = await browser.newContext({ baseURL: E2E_ENV.APP_URL });
  const page = await context.newPage();
  await signInAs(page, who, { clinicIndex, nth });
  const user = (await currentSession(page)).user;
  expect(user?.id).toBeTruthy();
  return { page, member: { appUserId: user?.id ?? "", platformUserId: "", role: user?.role ?? "" } };
}

/**
 * A session cookie of A's second practitioner, copied while signed in, as the Cookie header; then
 * that browser signs out, so the copy is of a session that has ended.
 */
async function signedOutCopy(browser: Browser): Promise<string> {
  const { page } = await signedIn(browser, PRACTITIONER, 0, 1);
  const cookies = (await page.context().cookies()).filter((c) => c.name.startsWith("next-auth.session-token"));
  expect(cookies.length).toBeGreaterThan(0);
  await signOut(page);
  expect((await currentSession(page)).user).toBeUndefined();
  await page.context().close();
  return cookies.map((c) => `${c.name}=${c.value}`).join("; ");
}

/** A sandbox access token of a seeded user, through the authorize page's form and the code exchange. */
const platformToken = async (userId: string) => (await platform.signIn(userId)).access_token;

async function upload(api: APIRequestContext, name: string): Promise<string> {
  const response = await api.post("/api/resources", {
    multipart: {
      name,
      save_to_library: "true",
      file: { name: `${TAG}.pdf`, mimeType: "application/pdf", buffer: FILES.pdf },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { resource: { id: string } }).resource.id;
}

export async function assembleCast(browser: Browser): Promise<Cast> {
  const databaseUrl = process.env[DATABASE_URL_VARS.main] ?? "";
  expect(databaseUrl, "global-setup exports the main stack's database URL").not.toBe("");
  const opened: Page[] = [];
  const sign = async (who: RegExp, clinicIndex: number, nth: number) => {
    const s = await signedIn(browser, who, clinicIndex, nth);
    opened.push(s.page);
    return s;
  };
  // The practitioner signs in first and is no admin; each clinic's admin is its staff member whose
  // platform role is Clinic admin (the first staff member the sandbox lists).
  const practitioner = await sign(PRACTITIONER, 0, 0);
  const staff = await sign(CLINIC_ADMIN, 0, 0);
  const otherAdmin = await sign(CLINIC_ADMIN, 1, 0);
  const otherMember = await sign(PRACTITIONER, 1, 1);
  const admin = staff;
  const nonAdmin = practitioner;
  expect(admin.member.role, "clinic A's Clinic admin is its admin").toBe("Admin");
  expect(nonAdmin.member.role).not.toBe("Admin");
  expect(otherAdmin.member.role).toBe("Admin");
  expect(otherMember.member.role, "B's second practitioner is not an admin").toBe("Practitioner");

  const anon = await playwrightRequest.newContext({ baseURL: E2E_ENV.APP_URL });
  const api = {
    anon,
    practitioner: practitioner.page.request,
    staff: staff.page.request,
    admin: admin.page.request,
    member: nonAdmin.page.request,
    otherAdmin: otherAdmin.page.request,
    otherMember: otherMember.page.request,
  };
  const users = await query<{ id: string; platform_user_id: string; connection_id: string }>(
    databaseUrl,
    "SELECT u.id, u.platform_user_id, c.id AS connection_id FROM users u JOIN platform_connections c ON c.user_id = u.id",
  );
  const member = (s: { member: Member }): Member => ({
    ...s.member,
    platformUserId: users.find((u) => u.id === s.member.appUserId)?.platform_user_id ?? "",
  });
  const connectionOf = (s: { member: Member }) => users.find((u) => u.id === s.member.appUserId)?.connection_id ?? "";
  const members = {
    practitioner: member(practitioner),
    staff: member(staff),
    admin: member(admin),
    member: member(nonAdmin),
    otherAdmin: member(otherAdmin),
    otherMember: member(otherMember),
  };
  const clinics = await seedClinics(anon);

  // B's admin enters B's clinic key (activating its webhooks), so that B has a stored key to aim at
  // and B's clinic activity reaches the app's timeline.
  await anon.post(`${SANDBOX}/__sandbox/faults`, { data: { clear: true } });
  await anon.post(`${SANDBOX}/__sandbox/webhook-endpoint`, {
    data: {
      url: `${E2E_ENV.APP_URL}/api/webhooks/clinic`,
      signing_secret: LOCAL_DEFAULTS.webhookSecret,
      challenge_token: LOCAL_DEFAULTS.webhookChallenge,
      enabled: true,
      signature_clock: "wall",
    },
  });
  const keyForm = new FormData();
  keyForm.set("clinicKey", clinics.b.current_clinic_key);
  const saved = await actionValue<{ ok: boolean; message: string }>(
    api.otherAdmin,
    "app/admin/clinic-key/actions.ts#saveClinicKeyAction",
    [{ ok: true, message: "" }, keyForm],
  );
  expect(saved.ok, saved.message).toBe(true);
  const patientName = `Hostilegrace${Date.now().toString(36)}`;
  await anon.post(`${SANDBOX}/__sandbox/activity`, {
    data: { clinic_id: clinics.b.id, type: "patient.created", data: { first_name: patientName } },
  });
  await anon.post(`${SANDBOX}/__sandbox/webhooks/drain`, { data: {} });
  const [bEvent] = await query<{ id: string }>(
    databaseUrl,
    "SELECT id FROM events WHERE clinic_id = $1 AND data::text LIKE $2",
    [clinics.b.id, `%${patientName}%`],
  );
  expect(bEvent, "B's patient.created event reached the app").toBeDefined();
  const run = await actionValue<{ ok: boolean; data: { id: string } }>(
    api.otherAdmin,
    "app/events/reconciliation-actions.ts#startReconciliation",
    [],
  );
  expect(run.ok).toBe(true);

  const patients = await actionValue<{ ok: boolean; data: { items: Array<{ id: string }> } }>(
    api.otherMember,
    "app/patients/actions.ts#loadPatients",
    [{ size: 100 }],
  );
  expect(patients.data.items.length).toBeGreaterThan(0);

  const endedSession = await signedOutCopy(browser);
  const cast: Cast = {
    api,
    pages: {
      practitioner: practitioner.page,
      staff: staff.page,
      admin: admin.page,
      member: nonAdmin.page,
      otherAdmin: otherAdmin.page,
      otherMember: otherMember.page,
    },
    members,
    clinics,
    own: { resourceId: await upload(api.practitioner, `${TAG} own`), connectionId: connectionOf(practitioner) },
    other: {
      resourceId: await upload(api.otherMember, `${TAG} other`),
      connectionId: connectionOf(otherMember),
      adminConnectionId: connectionOf(otherAdmin),
      patientName,
      patientIds: patients.data.items.map((p) => p.id),
      eventId: bEvent.id,
      runId: run.data.id,
      clinicKey: clinics.b.current_clinic_key,
    },
    tokens: {
      practitioner: await platformToken(members.practitioner.platformUserId),
      otherMember: await platformToken(members.otherMember.platformUserId),
    },
    endedSession,
    databaseUrl,
    async close() {
      for (const page of opened) await page.context().close();
      await anon.dispose();
    },
  };
  await anon.post(`${SANDBOX}/__sandbox/webhooks/drain`, { data: {} });
  return cast;
}
