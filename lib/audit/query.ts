// Reading a clinic's audit trail for its admins: a filtered page, the people to filter by, and every
// matching entry in batches for the CSV export. Always one clinic's: the clinic comes from the
// signed-in admin, never from the request.
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { actorLabelOf } from "@/lib/audit/record";
import { dayRangeIn } from "@/lib/audit/day-range";
import { SYSTEM_PERSON, type AuditFilters } from "@/lib/audit/filters";
import type { HashedFields } from "@/lib/audit/hash";

export const AUDIT_PAGE_SIZE = 50;

/** An entry as the page and the export show it: its hashed fields (the clinic is the reader's) and its hash. */
export type AuditRow = Omit<HashedFields, "clinicId"> & { hash: string };

/** The filters' days are days in `timeZone` (the clinic's). */
function whereOf(clinicId: string, f: AuditFilters, timeZone: string): Prisma.AuditEntryWhereInput {
  const at = dayRangeIn(f.from, f.to, timeZone);
  return {
    clinicId,
    ...(f.person ? { actorUserId: f.person === SYSTEM_PERSON ? null : f.person } : {}),
    ...(f.action ? { action: f.action } : {}),
    ...(at.gte || at.lt ? { at } : {}),
  };
}

type EntryRecord = Prisma.AuditEntryGetPayload<object>;

function rowOf(e: EntryRecord): AuditRow {
  return {
    seq: e.seq,
    at: e.at.toISOString(),
    actorUserId: e.actorUserId,
    actorLabel: e.actorLabel,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    details: (e.details ?? {}) as Record<string, unknown>,
    hash: e.hash,
  };
}

export async function listAuditEntries(
  clinicId: string,
  filters: AuditFilters,
  timeZone: string,
): Promise<{ rows: AuditRow[]; total: number; pages: number }> {
  const where = whereOf(clinicId, filters, timeZone);
  const [entries, total] = await Promise.all([
    db.auditEntry.findMany({
      where,
      orderBy: { seq: "desc" },
      skip: (filters.page - 1) * AUDIT_PAGE_SIZE,
      take: AUDIT_PAGE_SIZE,
    }),
    db.auditEntry.count({ where }),
  ]);
  return { rows: entries.map(rowOf), total, pages: Math.ceil(total / AUDIT_PAGE_SIZE) };
}

/** Every matching entry, newest first, a batch at a time (the export never holds the whole trail). */
export async function* auditEntriesInBatches(
  clinicId: string,
  filters: AuditFilters,
  timeZone: string,
  batchSize = 500,
): AsyncGenerator<AuditRow[]> {
  const where = whereOf(clinicId, filters, timeZone);
  for (let before: number | undefined; ;) {
    const batch = await db.auditEntry.findMany({
      where: before === undefined ? where : { AND: [where, { seq: { lt: before } }] },
      orderBy: { seq: "desc" },
      take: batchSize,
    });
    if (batch.length > 0) yield batch.map(rowOf);
    if (batch.length < batchSize) return;
    before = batch[batch.length - 1].seq;
  }
}

/** The clinic's people for the person filter (with the app itself, called `systemLabel`). */
export async function auditPeople(
  clinicId: string,
  systemLabel: string,
): Promise<Array<{ value: string; label: string }>> {
  const users = await db.user.findMany({
    where: { clinicId },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, platformUserId: true, platformUserType: true },
  });
  return [...users.map((u) => ({ value: u.id, label: actorLabelOf(u) })), { value: SYSTEM_PERSON, label: systemLabel }];
}
