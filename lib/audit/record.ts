// Appending to a clinic's audit trail. Appends of one clinic are serialised by a transaction-scoped
// advisory lock on the clinic (two app processes appending at once would otherwise both read entry n
// and both write n+1), so each entry's seq and prev_hash follow the one before it. Other clinics do
// not wait. Not for reading the trail (query.ts) or checking it (verify.ts).
import "server-only";
import { db } from "@/lib/db";
import type { Prisma, PrismaClient } from "@/lib/generated/prisma/client";
import type { AuditAction } from "@/lib/audit/actions";
import { SYSTEM_ACTOR_LABEL } from "@/lib/audit/actions";
import { entryHash, GENESIS_HASH, type HashedFields } from "@/lib/audit/hash";
import { log } from "@/lib/log/logger";

/** The advisory lock space of audit appends (its own first key, so no other lock of the app collides). */
const AUDIT_LOCK_SPACE = 0x41554454; // "AUDT"
const MAX_TEXT = 1000;

export interface AuditInput {
  clinicId: string;
  /** The app user who acted; null for the app itself. */
  actorUserId: string | null;
  action: AuditAction;
  target?: { type: string; id: string } | null;
  /** Ids and what changed. Never a token, a secret or a file's content. */
  details?: Record<string, unknown>;
}

/** Details as the JSON column will hold them: plain JSON, no NUL (PostgreSQL refuses it), long text cut. */
export function normaliseDetails(details: Record<string, unknown> = {}): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify(details, (_key, value: unknown) =>
      typeof value === "string" ? value.replaceAll("\u0000", "").slice(0, MAX_TEXT) : value,
    ),
  ) as Record<string, unknown>;
}

export function actorLabelOf(user: { name: string | null; platformUserId: string; platformUserType: string }): string {
  return user.name ?? `${user.platformUserId} (${user.platformUserType})`;
}

type Tx = Prisma.TransactionClient;

/** Holds the clinic's audit lock until the transaction ends. */
export async function lockClinicTrail(tx: Tx, clinicId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${AUDIT_LOCK_SPACE}::int, hashtext(${clinicId}))`;
}

export interface ChainHead {
  seq: number;
  hash: string;
}

/** The newest entry of a clinic (under its lock, the one the next entry follows). */
export function chainHead(tx: Tx, clinicId: string): Promise<ChainHead | null> {
  return tx.auditEntry.findFirst({ where: { clinicId }, orderBy: { seq: "desc" }, select: { seq: true, hash: true } });
}

/**
 * Appends within a transaction that holds the clinic's lock (lockClinicTrail), after `head` when
 * given (the retention job, which has just deleted it), else after the newest entry.
 */
export async function appendLocked(tx: Tx, input: AuditInput, at: Date, head?: ChainHead | null) {
  const [last, actor] = await Promise.all([
    head === undefined ? chainHead(tx, input.clinicId) : head,
    input.actorUserId
      ? tx.user.findUnique({
          where: { id: input.actorUserId },
          select: { name: true, platformUserId: true, platformUserType: true },
        })
      : null,
  ]);
  const fields: HashedFields = {
    clinicId: input.clinicId,
    seq: (last?.seq ?? 0) + 1,
    at: at.toISOString(),
    actorUserId: input.actorUserId,
    actorLabel: actor ? actorLabelOf(actor) : (input.actorUserId ?? SYSTEM_ACTOR_LABEL),
    action: input.action,
    targetType: input.target?.type ?? null,
    targetId: input.target?.id ?? null,
    details: normaliseDetails(input.details),
  };
  const prevHash = last?.hash ?? GENESIS_HASH;
  return tx.auditEntry.create({
    data: { ...fields, at, details: fields.details as object, prevHash, hash: entryHash(prevHash, fields) },
  });
}

/** Appends one entry; `at` is taken once the lock is held, so times follow seq. `now` is for tests. */
export async function appendAuditEntry(client: PrismaClient, input: AuditInput, now?: () => Date) {
  return client.$transaction(
    async (tx) => {
      await lockClinicTrail(tx, input.clinicId);
      return appendLocked(tx, input, now ? now() : new Date());
    },
    { maxWait: 30_000, timeout: 30_000 },
  );
}

/**
 * For call sites where the action has already happened (at the platform, or committed here): the
 * entry is written before the caller answers, and a failure to write it is logged loudly without
 * failing what the person did, which cannot be undone by then.
 */
export async function recordAudit(input: AuditInput, client: PrismaClient = db): Promise<void> {
  try {
    await appendAuditEntry(client, input);
  } catch (error) {
    log.error(`audit: could not record ${input.action}: ${error instanceof Error ? error.name : typeof error}`, {
      clinicId: input.clinicId,
    });
  }
}
