// PostgreSQL's answer when a statement ran past the people's pool's bound (STATEMENT_TIMEOUT_MS,
// lib/db/pool.ts): SQLSTATE 57014, query_canceled. It reaches us from pg directly, or wrapped by
// Prisma's driver adapter (the code then sits in the error's cause or meta, under `originalCode`),
// so the code is looked for wherever either puts it. Said to the person as "too broad": the only
// statements that run that long are searches and exports over much of a clinic's history.
import { failure, type ActionFailure } from "@/lib/results/result";

export const QUERY_CANCELED = "57014";

function holdsCode(value: unknown, depth: number): boolean {
  if (depth > 5 || value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  if (v.code === QUERY_CANCELED || v.originalCode === QUERY_CANCELED) return true;
  return ["cause", "meta", "driverAdapterError"].some((key) => holdsCode(v[key], depth + 1));
}

/** Whether `error` is a statement cancelled at its time bound. */
export function isStatementTimeout(error: unknown): boolean {
  return holdsCode(error, 0);
}

/** The person's sentence: what ran too long, and what narrows it. */
export const TOO_BROAD: ActionFailure = failure("refused", "actions.tooBroad");
