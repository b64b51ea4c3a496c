// The guards every page, server action and route handler calls itself (a server action is a public
// POST endpoint, whatever the page around it hides). The session cookie only names a session row
// (lib/auth/sessions.ts); the row must not have ended (sign-out, revoke, broken connection), and
// role and clinic are read from the database each time, so a demotion or a deleted user takes
// effect on the next request of every copy of the cookie, in every app process.
import "server-only";
import { cache } from "react";
import { getServerSession } from "next-auth/next";
import { notFound, redirect } from "next/navigation";
import { cookies, headers } from "next/headers";
import { sessionClaims, sessionCookieOf } from "@/lib/http/session-cookie";
import { RETURN_TO_HEADER, signInAddress } from "@/lib/auth/front-door";
import { db } from "@/lib/db";
import { getAuthOptions } from "@/lib/auth/options";
import { decideAccess } from "@/lib/auth/access";
import { rolesOf, type AppRole } from "@/lib/people/roles";
import type { Caller, CurrentUser } from "@/lib/people/caller";
import { endedBecause, liveSessionUser } from "@/lib/auth/sessions";

export type { Caller, CurrentUser };

/** The signed-in user, or null. Cached for one request. */
export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await getServerSession(getAuthOptions());
  const sid = session?.user?.sid;
  if (!sid) return null;
  const user = await liveSessionUser(sid);
  if (!user || user.id !== session.user?.id) return null;
  const person = await db.person.findUnique({
    where: { clinicId_platformUserId: { clinicId: user.clinicId, platformUserId: user.platformUserId } },
    select: { role: true },
  });
  return {
    id: user.id,
    clinicId: user.clinicId,
    clinicName: user.clinic.name,
    timeZone: user.clinic.timeZone,
    platformUserId: user.platformUserId,
    platformUserType: user.platformUserType,
    isAdmin: user.isAdmin,
    roles: rolesOf(user),
    name: user.name,
    staffRole: person?.role ?? null,
    locale: user.locale,
  };
});

/** Why the browser's session ended, when the platform ended it (broken or revoked), else undefined. */
export async function whySessionEnded(): Promise<"broken" | "revoked" | undefined> {
  // next-auth answers an ended session as none at all: the reason is read from the cookie's own session id.
  const jar = await cookies();
  const cookie = sessionCookieOf((name) => jar.get(name)?.value);
  const claims = cookie ? await sessionClaims(cookie) : null;
  return (typeof claims?.sid === "string" && (await endedBecause(claims.sid))) || undefined;
}

/** Pages and server actions: not signed in → the sign-in page, saying why when the platform ended the session. */
export async function requireUser(): Promise<Caller> {
  const user = await getCurrentUser();
  if (!user) redirect(signInAddress((await headers()).get(RETURN_TO_HEADER), await whySessionEnded()));
  return { user, clinicId: user.clinicId };
}

/** Pages and server actions: signed in without any of `roles` → not found (nothing to see here). */
export async function requireRole(...roles: AppRole[]): Promise<Caller> {
  const caller = await requireUser();
  if (decideAccess(caller.user, roles) !== "allow") notFound();
  return caller;
}

/** A record's clinic must be the caller's; another clinic's record answers like a missing one. */
export function requireSameClinic(caller: Caller, clinicId: string | null | undefined): void {
  if (!clinicId || decideAccess(caller.user, [], clinicId) !== "allow") notFound();
}
