// The app's sessions in PostgreSQL: one row per sign-in, named by the session cookie (its `sid`).
// The cookie alone proves nothing once its row has ended, so signing out, an admin's revoke, a
// connection the platform broke end every copy of that session on its next request, in every app
// process. A demotion needs no row: the guards read the role from the database each request.
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

type Tx = Prisma.TransactionClient;

export const SESSION_ENDED = {
  signedOut: "Signed out",
  revoked: "The platform connection was revoked",
  broken: "The platform refused the connection; sign in again",
} as const;

/** A new session for a sign-in; expired rows of the same user are cleared on the way. */
export async function startSession(userId: string, maxAgeSeconds: number): Promise<string> {
  const now = new Date();
  await db.appSession.deleteMany({ where: { userId, expiresAt: { lt: now } } });
  const row = await db.appSession.create({
    data: { userId, expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000) },
    select: { id: true },
  });
  return row.id;
}

/** Ends one session (sign-out of this browser). */
export async function endSession(sessionId: string, reason: string, tx: Tx = db): Promise<void> {
  await tx.appSession.updateMany({
    where: { id: sessionId, endedAt: null },
    data: { endedAt: new Date(), endedReason: reason },
  });
}

/** Ends every session of a user (their access to the platform ended). */
export async function endUserSessions(userId: string, reason: string, tx: Tx = db): Promise<number> {
  const { count } = await tx.appSession.updateMany({
    where: { userId, endedAt: null },
    data: { endedAt: new Date(), endedReason: reason },
  });
  return count;
}

/** Whether the session may still be used (not ended, not expired). */
export async function isSessionLive(sessionId: string): Promise<boolean> {
  const row = await db.appSession.findUnique({ where: { id: sessionId }, select: { endedAt: true, expiresAt: true } });
  return !!row && !row.endedAt && row.expiresAt.getTime() > Date.now();
}

/** Why a session ended, as the sign-in page's reason: the platform broke or revoked the connection; else null. */
export async function endedBecause(sessionId: string): Promise<"broken" | "revoked" | null> {
  const row = await db.appSession.findUnique({ where: { id: sessionId }, select: { endedReason: true } });
  if (row?.endedReason === SESSION_ENDED.broken) return "broken";
  if (row?.endedReason === SESSION_ENDED.revoked) return "revoked";
  return null;
}

/** The user of a live session with their clinic's name, or null when it ended, expired or is unknown. */
export async function liveSessionUser(sessionId: string) {
  const row = await db.appSession.findUnique({
    where: { id: sessionId },
    select: {
      endedAt: true,
      expiresAt: true,
      user: { include: { clinic: { select: { name: true, timeZone: true } } } },
    },
  });
  if (!row || row.endedAt || row.expiresAt.getTime() <= Date.now()) return null;
  return row.user;
}
