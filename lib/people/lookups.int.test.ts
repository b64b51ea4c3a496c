// A patient the app never met, named by orders alone, against a real PostgreSQL and the sandbox over
// HTTP with the client the job worker uses (clientForClinic): however many events name them, and
// however many processings and lookup runs meet at once, the platform is asked once, on the
// clinic's background share of the rate limit; the name then shows in the timeline's summaries and
// finds the events by search. A patient the platform does not have (404) is asked again only after
// back-off, a bounded number of times, and then never.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db";
import { clientForClinic } from "@/lib/auth/platform-client";
import { processEvents } from "@/lib/events/process";
import type { StorableEvent } from "@/lib/events/record";
import { storeEvents } from "@/lib/events/store";
import { listTimeline, timelineHead } from "@/lib/events/timeline/list";
import { formatSummary } from "@/lib/events/summary-messages";
import { translatorFor } from "@/lib/i18n/translator";
import { BACKOFF_MS, lookUpPatientNames, MAX_ATTEMPTS } from "@/lib/people/lookups";
import {
  closeAppConnections,
  sandboxControl,
  signInFirstStaff,
  startAuthTestbed,
  type AuthTestbed,
} from "@/tooling/testing/auth-testbed";

let bed: AuthTestbed;
let clinicId: string;
let patientId: string;
const GONE = "pat_not_of_this_clinic";

const order = (id: string, patient: string, at: string): StorableEvent => ({
  id,
  clinic_id: clinicId,
  integration_id: null,
  type: "order.placed",
  created_at: at,
  // As documented: the order directly in `data`, its patient by id alone.
  data: { id: `ord_${id}`, order_number: `R${id}`, patient_id: patient, practitioner_ids: [], line_items: [] },
});

/** The requests the sandbox served while `run` ran, as "METHOD /path". */
async function served(run: () => Promise<unknown>): Promise<string[]> {
  await sandboxControl(bed.sandboxUrl, "trace", { record: true });
  await run();
  const { requests } = (await sandboxControl(bed.sandboxUrl, "trace")) as {
    requests: Array<{ target: string; method: string }>;
  };
  await sandboxControl(bed.sandboxUrl, "trace", { record: false });
  return requests.map((r) => `${r.method} ${r.target.split("?")[0]}`);
}

/** Points spent per quota counter of this clinic (rate-limiter-flexible's rows: "<level>:<key>"). */
async function quotaPoints(): Promise<Record<string, number>> {
  const rows = await db.$queryRaw<Array<{ key: string; points: number }>>`
    SELECT key, points FROM platform_quota WHERE key LIKE ${`%${clinicId}%`}`;
  return Object.fromEntries(rows.map((r) => [r.key.split(":")[0], r.points]));
}

beforeAll(async () => {
  bed = await startAuthTestbed("patient_lookups", { CLINIC_AUTH_MODE: "role" });
  clinicId = await signInFirstStaff(bed.sandboxUrl);
  // Created through the API (another integration): the platform sends no patient.created for it.
  const created = (await sandboxControl(bed.sandboxUrl, "activity", {
    clinic_id: clinicId,
    type: "patient.created",
    through_api: true,
    data: { first_name: "Ines", last_name: "Okafor-Lindqvist" },
  })) as { event: unknown; record: { id: string } };
  expect(created.event).toBeNull();
  patientId = created.record.id;
}, 60_000);

afterAll(async () => {
  await closeAppConnections();
  await bed?.close();
});

describe("learning the name of a patient the app never met", () => {
  it("asks the platform once for many events and concurrent runs, on the background share, and names them", async () => {
    const events = [
      ...Array.from({ length: 6 }, (_, i) => order(`lk${i}`, patientId, `2026-11-20T10:0${i}:00.000Z`)),
      order("lk_gone", GONE, "2026-11-20T11:00:00.000Z"),
    ];
    await storeEvents(db, events, "webhook");
    // Two processings at once, each naming the same patient: one lookup row.
    await Promise.all([processEvents(db, ["lk0", "lk1", "lk2"]), processEvents(db, ["lk3", "lk4", "lk5", "lk_gone"])]);
    expect(await db.patientLookup.count({ where: { clinicId } })).toBe(2);
    const before = await listTimeline(db, clinicId, "UTC", {});
    const say = (e: (typeof before.events)[number]) => formatSummary(e.summary, translatorFor("en"));
    expect(before.events.filter((e) => e.id.startsWith("lk")).map(say)).not.toContainEqual(
      expect.stringContaining("Okafor"),
    );
    const headBefore = await timelineHead(db, clinicId);
    const quotaBefore = await quotaPoints();

    const client = await clientForClinic(clinicId);
    const calls = await served(() =>
      Promise.all([lookUpPatientNames(db, clinicId, client), lookUpPatientNames(db, clinicId, client)]),
    );
    expect(calls.sort()).toEqual([`GET /api/clinic/patients/${GONE}`, `GET /api/clinic/patients/${patientId}`].sort());
    const quotaAfter = await quotaPoints();
    expect((quotaAfter.background ?? 0) - (quotaBefore.background ?? 0)).toBe(2);
    expect(quotaAfter.user ?? 0).toBe(quotaBefore.user ?? 0);

    const found = await listTimeline(db, clinicId, "UTC", { q: "Okafor-Lindqvist" });
    expect(found.events.map((e) => e.id).sort()).toEqual(["lk0", "lk1", "lk2", "lk3", "lk4", "lk5"]);
    expect(say(found.events[0]!)).toMatch(/Ines Okafor-Lindqvist/);
    expect(await timelineHead(db, clinicId)).not.toBe(headBefore);
    expect(
      await db.patientLookup.findUniqueOrThrow({ where: { clinicId_patientId: { clinicId, patientId } } }),
    ).toMatchObject({ state: "named", attempts: 1 });

    // A later event naming them needs no call: their name is known.
    await storeEvents(db, [order("lk6", patientId, "2026-11-21T10:00:00.000Z")], "webhook");
    await processEvents(db, ["lk6"]);
    expect(await served(() => lookUpPatientNames(db, clinicId, client))).toEqual([]);
  });

  it("asks again for a patient the platform does not have only after back-off, and gives up", async () => {
    const client = await clientForClinic(clinicId);
    const key = { clinicId_patientId: { clinicId, patientId: GONE } };
    expect(await db.patientLookup.findUniqueOrThrow({ where: key })).toMatchObject({
      state: "pending",
      attempts: 1,
      lastOutcome: "not_found",
    });
    // Not due yet: nothing is asked, however often the job runs.
    expect(await served(() => lookUpPatientNames(db, clinicId, client))).toEqual([]);

    let clock = Date.now();
    let asked = 1;
    for (const wait of [...BACKOFF_MS, BACKOFF_MS.at(-1)!]) {
      clock += wait + 1000;
      const at = new Date(clock);
      asked += (await served(() => lookUpPatientNames(db, clinicId, client, () => at))).length;
    }
    expect(asked).toBe(MAX_ATTEMPTS);
    expect(await db.patientLookup.findUniqueOrThrow({ where: key })).toMatchObject({
      state: "given_up",
      attempts: MAX_ATTEMPTS,
      lastOutcome: "not_found",
    });
    const later = new Date(clock + 24 * 3_600_000);
    expect(await served(() => lookUpPatientNames(db, clinicId, client, () => later))).toEqual([]);
  });

  it("counts a lookup with no connection of the clinic as a failed attempt, not a loop", async () => {
    await storeEvents(db, [order("lk_noconn", "pat_noconn", "2026-11-22T10:00:00.000Z")], "webhook");
    await processEvents(db, ["lk_noconn"]);
    expect(await lookUpPatientNames(db, clinicId, null)).toEqual({ named: 0, failed: 1 });
    expect(await lookUpPatientNames(db, clinicId, null)).toEqual({ named: 0, failed: 0 });
    expect(
      await db.patientLookup.findUniqueOrThrow({
        where: { clinicId_patientId: { clinicId, patientId: "pat_noconn" } },
      }),
    ).toMatchObject({ state: "pending", attempts: 1, lastOutcome: "no_connection" });
  });
});

describe("the client's patient read", () => {
  it("answers a patient of the clinic, and 404 for one it does not have", async () => {
    const client = await clientForClinic(clinicId);
    expect(await client.getPatient(patientId)).toMatchObject({ id: patientId, last_name: "Okafor-Lindqvist" });
    await expect(client.getPatient(GONE)).rejects.toMatchObject({ kind: "not_found" });
  });
});
