// The name a person gives at their first sign-in when the platform has no people lists: kept in the
// directory until the platform's lists name them (which then win).
import "server-only";
import { db } from "@/lib/db";
import { rememberName } from "@/lib/people/directory";

/** False when the platform's lists already name this user. */
export async function saveOwnName(userId: string, name: string): Promise<boolean> {
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { clinicId: true, platformUserId: true, platformUserType: true },
  });
  return rememberName(db, user.clinicId, {
    platformUserId: user.platformUserId,
    type: user.platformUserType,
    name,
    source: "self",
  });
}
