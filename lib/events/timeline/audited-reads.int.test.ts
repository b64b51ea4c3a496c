// Reads of the event history leave one audit entry each, against a real PostgreSQL: a search by
// text (once, however often the live page refetches it, on any app process), an event's detail, and a CSV export with
// the rows it sent. The audit page says each in the reader's words, and the chain stays whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/tooling/testing/database";
import type { Caller } from "@/lib/people/caller";
import { db } from "@/lib/db";
import { pool } from "@/lib/db/pool";
import { storeEvents } from "@/lib/events/store";
import { getTimelineEvent, listTimeline } from "@/lib/events/timeline/list";
import { timelineCsvStream } from "@/lib/events/timeline/export";
import { auditEventExport, auditEventSearch, auditEventViewed } from "@/lib/events/timeline/audited-reads";
import { actionLabel, detailsText, targetText } from "@/lib/audit/describe";
import { verifyAuditTrail } from "@/lib/audit/verify";
import { translatorFor } from "@/lib/i18n/translator";

const CLINIC = "clinic_reads";
let database: TestDatabase;
let caller: Caller;

const entries = (action: string) =>
  db.auditEntry.findMany({ where: { clinicId: CLINIC, action }, orderBy: { seq: "asc" } });

beforeAll(async () => {
  database = await createTestDatabase("audit_reads", { migrated: true });
  process.env.DATABASE_URL = database.url;
  await db.clinic.create({ data: { id: CLINIC, name: "Clinic R", timeZone: "UTC" } });
  const user = await db.user.create({
    data: { clinicId: CLINIC, platformUserId: "prac_r", platformUserType: "Practitioner", name: "Dr Reader" },
  });
  // The functions read the caller's id and clinic; the rest of a signed-in user does not matter here.
  caller = { clinicId: CLINIC, user: { id: user.id, timeZone: "UTC" } } as unknown as Caller;
  await storeEvents(
    db,
    [1, 2, 3].map((i) => ({
      id: `evt_r${i}`,
      clinic_id: CLINIC,
      integration_id: null,
      type: "patient.created",
      created_at: `2026-01-1${i}T10:00:00.000Z`,
      data: { patient: { id: `pat_${i}`, first_name: "Ada", last_name: `Lovelace${i}`, email: `ada${i}@example.com` } },
    })),
    "webhook",
    new Date("2026-01-20T00:00:00.000Z"),
  );
});
afterAll(async () => {
  await db.$disconnect();
  await pool().end();
  await database?.drop();
});

describe("audited reads of the event history", () => {
  it("records a search by text once, with its filters and rows, however often it is refetched", async () => {
    const filters = { q: "Lovelace2", category: "patients" as const };
    const page = await listTimeline(db, CLINIC, "UTC", filters);
    const now = Date.now();
    await auditEventSearch(caller, filters, page.events.length, now);
    await auditEventSearch(caller, filters, page.events.length, now + 3_000); // the live page's refetch
    await auditEventSearch(caller, { category: "patients" }, 3, now); // no text: the page opening, not a search
    const [searched, ...more] = await entries("events.searched");
    expect(more).toEqual([]);
    expect(searched).toMatchObject({
      actorUserId: caller.user.id,
      actorLabel: "Dr Reader",
      details: { search: "Lovelace2", filters: { category: "patients" }, rows: 1 },
    });
    // Another app process answers the next refetch: it has not seen the search, the database has.
    delete (globalThis as { clinicConnectSearchesSeen?: unknown }).clinicConnectSearchesSeen;
    await auditEventSearch(caller, filters, page.events.length, now + 6_000);
    expect(await entries("events.searched")).toHaveLength(1);
    await auditEventSearch(caller, { q: "Lovelace3" }, 1, now + 4_000);
    expect((await entries("events.searched")).map((e) => (e.details as { search: string }).search)).toEqual([
      "Lovelace2",
      "Lovelace3",
    ]);
  });

  it("records an event's detail opened, naming the event and its patient", async () => {
    const event = await getTimelineEvent(db, CLINIC, "evt_r1");
    expect(event).not.toBeNull();
    await auditEventViewed(caller, event!);
    expect(await entries("events.viewed")).toMatchObject([
      {
        actorUserId: caller.user.id,
        targetType: "event",
        targetId: "evt_r1",
        details: { type: "patient.created", patientId: "pat_1" },
      },
    ]);
  });

  it("records an export once it ends, with the rows it sent and whether it finished", async () => {
    const filters = { type: "patient.created" };
    let recorded: Promise<void> | undefined;
    const csv = timelineCsvStream(db, CLINIC, "UTC", filters, translatorFor("en"), {
      onEnd: (rows, complete) => (recorded = auditEventExport(caller, filters, rows, complete)),
    });
    const text = await new Response(csv).text();
    await recorded;
    expect(text.trim().split("\n")).toHaveLength(4);
    expect(await entries("events.exported")).toMatchObject([
      {
        actorUserId: caller.user.id,
        details: { search: null, filters: { type: "patient.created" }, rows: 3, complete: true },
      },
    ]);
  });

  it.each([
    ["en", "Exported the event history", "rows: 3", "Opened an event's details", "event"],
    [
      "fr-CA",
      "A exporté l'historique des événements",
      "lignes\u202f: 3",
      "A ouvert le détail d'un événement",
      "événement",
    ],
  ] as const)("is said in words on the audit page (%s)", async (locale, exported, rows, viewed, target) => {
    const say = translatorFor(locale);
    const [exportEntry] = await entries("events.exported");
    expect(actionLabel(say, exportEntry.action)).toBe(exported);
    expect(detailsText(say, exportEntry.details)).toContain(rows);
    const [viewEntry] = await entries("events.viewed");
    expect(actionLabel(say, viewEntry.action)).toBe(viewed);
    expect(targetText(say, viewEntry.targetType!)).toBe(target);
    expect(actionLabel(say, "events.searched")).not.toBe("events.searched");
  });

  it("keeps the clinic's chain whole", async () => {
    const [report] = await verifyAuditTrail(pool(), CLINIC);
    expect(report).toMatchObject({ clinicId: CLINIC, ok: true });
  });
});
