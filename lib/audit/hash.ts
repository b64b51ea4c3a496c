// The hash chain of a clinic's audit trail. Each entry's hash covers the previous entry's hash and
// every field of its own, serialised canonically (RFC 8785, so the key order of a JSON column read
// back from the database cannot change it). Pure: used when appending and by the verifier alike.
// Version 1 of the serialisation; a change to it must bump `v` and keep verifying older entries.
import { createHash } from "node:crypto";
import canonicalize from "canonicalize";

/** What the first entry of a clinic links to. */
export const GENESIS_HASH = "0".repeat(64);

export interface HashedFields {
  clinicId: string;
  seq: number;
  /** ISO 8601 with milliseconds, UTC (what the database keeps). */
  at: string;
  actorUserId: string | null;
  actorLabel: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
}

export function entryHash(prevHash: string, fields: HashedFields): string {
  const body = canonicalize({ v: 1, prevHash, ...fields });
  if (body === undefined) throw new Error("an audit entry could not be serialised");
  return createHash("sha256").update(body).digest("hex");
}
