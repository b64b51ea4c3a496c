// Connections that need their person to sign in again: the platform refused the refresh token
// (lib/auth/refresh.ts marks them broken), or an admin asked for a new sign-in. One incident per
// connection while it stays broken; signing in again mends it and the alert resolves.
import "server-only";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { reconnectPath } from "@/lib/auth/errors";
import { actorLabelOf } from "@/lib/audit/record";
import type { Verdict } from "@/lib/alerts/finding";
import type { ConnectionDetails } from "@/lib/alerts/kinds";

const PREFIX = "connection:";

export async function brokenConnections(db: PrismaClient, clinicId: string, appUrl: string): Promise<Verdict> {
  const rows = await db.platformConnection.findMany({
    where: { clinicId, state: "broken" },
    select: {
      id: true,
      userId: true,
      stateReason: true,
      user: { select: { name: true, platformUserId: true, platformUserType: true } },
    },
  });
  return {
    owns: (key) => key.startsWith(PREFIX),
    findings: rows.map((row) => {
      const details: ConnectionDetails = {
        connectionId: row.id,
        userId: row.userId,
        // A connection without a user is the clinic's own, which alertText words without a person.
        person: row.user ? actorLabelOf(row.user) : "",
        reason: row.stateReason,
        signInUrl: `${appUrl}${reconnectPath("broken")}`,
      };
      return { key: `${PREFIX}${row.id}`, kind: "connection_broken" as const, stage: "open", details: { ...details } };
    }),
  };
}
