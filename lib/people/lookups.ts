// Names of patients an event names by id alone (an order, a plan) whom the app has not met: asked of
// the platform at once, one lookup per patient. Processing adds a row per unknown patient
// (patient_lookups, keyed by clinic and patient, so a burst of events or two processes naming them
// add one row); a job of the clinic claims the due rows (SKIP LOCKED, the claim pushing the next
// attempt out as a lease, so two workers never ask for the same patient), asks the platform with
// the clinic's background client, and stores the name where the timeline and its search read names
// (patient_names). A lookup that fails (404, quota, the platform down, no connection) is tried again
// later with back-off and given up after MAX_ATTEMPTS: it never loops, and never holds up processing.
import "server-only";
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { ClinicApiError } from "@/lib/clinic-api/errors";
import { QuotaExceededError } from "@/lib/limits/platform-quota";
import { fullName, rememberPatientNames } from "@/lib/people/directory";
import type PgBoss from "pg-boss";
import type { Db } from "@/lib/db";
import { QUEUES } from "@/lib/queue/queues";

type DbOrTx = PrismaClient | Prisma.TransactionClient;
export type PatientSource = Pick<ClinicClient, "getPatient">;

/** Attempts in all, the first included; after the last failure the lookup is given up. */
export const MAX_ATTEMPTS = 5;
/** Wait after the n-th failed attempt (1 min, 5 min, 30 min, 2 h). */
export const BACKOFF_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000] as const;
/** A claimed lookup is another worker's again after this (its process died mid-call). */
const LEASE_MS = 3 * 60_000;
/** Rows claimed at a time, and lookups one job makes at most (the next job or the sweep does the rest). */
const CLAIM = 20;
const PER_RUN = 200;
/** A given-up lookup is tried afresh when an event names the patient again after this long. */
const REVIVE_AFTER_MS = 24 * 3_600_000;
/** Longer ids are no platform id (lib/events/record.ts keeps its own ids as short). */
const MAX_ID = 200;

/** UTC text for a timestamp column (no session time zone applies to it). */
const ts = (d: Date) => d.toISOString().slice(0, 23);

export interface PatientMention {
  clinicId: string;
  patientId: string;
}

/**
 * Within processing's transaction, after the names the events carry are stored: a lookup for each
 * mentioned patient who still has no name and none under way. Rows are written in key order, so two
 * processings naming the same patients never deadlock.
 */
export async function queueUnknownPatients(db: DbOrTx, mentions: readonly PatientMention[], now = new Date()) {
  const rows = mentions
    .filter((m) => m.patientId.length > 0 && m.patientId.length <= MAX_ID)
    .map((m) => ({ c: m.clinicId, p: m.patientId }));
  if (rows.length === 0) return;
  await db.$executeRaw`
    INSERT INTO patient_lookups (clinic_id, patient_id, next_attempt_at, created_at)
    SELECT DISTINCT r.c, r.p, ${ts(now)}::timestamp, ${ts(now)}::timestamp
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS r(c text, p text)
    WHERE NOT EXISTS (SELECT 1 FROM patient_names n WHERE n.clinic_id = r.c AND n.patient_id = r.p)
    ORDER BY r.c, r.p
    ON CONFLICT (clinic_id, patient_id) DO UPDATE
      SET state = 'pending', attempts = 0, next_attempt_at = EXCLUDED.next_attempt_at, settled_at = NULL
      WHERE patient_lookups.state = 'given_up'
        AND patient_lookups.settled_at < ${ts(new Date(now.getTime() - REVIVE_AFTER_MS))}::timestamp`;
}

/** Clinics with a lookup due now (for the job that runs them; the index on state and due time answers). */
export async function clinicsWithDueLookups(db: DbOrTx, now = new Date()): Promise<string[]> {
  const rows = await db.$queryRaw<Array<{ clinic_id: string }>>`
    SELECT DISTINCT clinic_id FROM patient_lookups
    WHERE state = 'pending' AND next_attempt_at <= ${ts(now)}::timestamp LIMIT 1000`;
  return rows.map((r) => r.clinic_id);
}

/** Takes up to `limit` due lookups of the clinic, counting the attempt now (a crash still counts). */
async function claimDue(db: DbOrTx, clinicId: string, now: Date, limit: number) {
  // A patient named meanwhile (a patient event, the patients list) needs no call.
  await db.$executeRaw`
    UPDATE patient_lookups l SET state = 'named', settled_at = ${ts(now)}::timestamp, last_outcome = 'named_meanwhile'
    WHERE l.clinic_id = ${clinicId} AND l.state = 'pending'
      AND EXISTS (SELECT 1 FROM patient_names n WHERE n.clinic_id = l.clinic_id AND n.patient_id = l.patient_id)`;
  return db.$queryRaw<Array<{ patient_id: string; attempts: number }>>`
    UPDATE patient_lookups l
    SET next_attempt_at = ${ts(new Date(now.getTime() + LEASE_MS))}::timestamp, attempts = l.attempts + 1
    FROM (
      SELECT clinic_id, patient_id FROM patient_lookups
      WHERE clinic_id = ${clinicId} AND state = 'pending' AND next_attempt_at <= ${ts(now)}::timestamp
      ORDER BY next_attempt_at, patient_id LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    ) due
    WHERE l.clinic_id = due.clinic_id AND l.patient_id = due.patient_id
    RETURNING l.patient_id, l.attempts`;
}

/** Why a lookup failed, in a word kept on the row (never the platform's message: it may name the patient). */
export function failureOf(error: unknown): string {
  if (error instanceof QuotaExceededError) return "quota";
  if (error instanceof ClinicApiError) return error.kind;
  return "error";
}

async function settle(db: DbOrTx, clinicId: string, patientId: string, state: string, outcome: string, at: Date) {
  await db.$executeRaw`
    UPDATE patient_lookups SET state = ${state}, last_outcome = ${outcome}, settled_at = ${ts(at)}::timestamp
    WHERE clinic_id = ${clinicId} AND patient_id = ${patientId}`;
}

async function retryLater(
  db: DbOrTx,
  clinicId: string,
  patientId: string,
  attempts: number,
  outcome: string,
  at: Date,
) {
  if (attempts >= MAX_ATTEMPTS) return settle(db, clinicId, patientId, "given_up", outcome, at);
  const wait = BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1]!;
  await db.$executeRaw`
    UPDATE patient_lookups SET last_outcome = ${outcome}, next_attempt_at = ${ts(new Date(at.getTime() + wait))}::timestamp
    WHERE clinic_id = ${clinicId} AND patient_id = ${patientId}`;
}

export interface LookupRun {
  named: number;
  failed: number;
}

/**
 * Runs the clinic's due lookups, one platform call each, through `source` (the clinic's background
 * client; null when nobody of the clinic is connected, which counts as a failed attempt).
 */
export async function lookUpPatientNames(
  db: PrismaClient,
  clinicId: string,
  source: PatientSource | null,
  clock: () => Date = () => new Date(),
): Promise<LookupRun> {
  const run: LookupRun = { named: 0, failed: 0 };
  while (run.named + run.failed < PER_RUN) {
    const due = await claimDue(db, clinicId, clock(), CLAIM);
    for (const { patient_id: patientId, attempts } of due) {
      const outcome = await lookUp(source, patientId);
      const at = clock();
      if (typeof outcome === "object") {
        await rememberPatientNames(db, [{ clinicId, patientId, name: outcome.name, asOf: at }]);
        await settle(db, clinicId, patientId, "named", "named", at);
        run.named += 1;
      } else {
        await retryLater(db, clinicId, patientId, attempts, outcome, at);
        run.failed += 1;
      }
    }
    if (due.length < CLAIM) break;
  }
  return run;
}

/** The patient's name, or the word for why there is none. */
async function lookUp(source: PatientSource | null, patientId: string): Promise<{ name: string } | string> {
  if (!source) return "no_connection";
  try {
    const patient = await source.getPatient(patientId);
    // Another patient's record (a platform fault) must never name this one.
    if (patient.id !== patientId) return "unexpected_response";
    const name = fullName(patient.first_name, patient.last_name).replace(/\s+/g, " ").slice(0, 120);
    return name ? { name } : "no_name";
  } catch (error) {
    return failureOf(error);
  }
}

/** A lookup job for each clinic with patient names to ask for now (one waiting per clinic at most). */
export async function requestPatientLookups(boss: PgBoss, db: Db): Promise<void> {
  for (const clinicId of await clinicsWithDueLookups(db))
    await boss.send(QUEUES.patientNames, { clinicId }, { singletonKey: clinicId });
}
