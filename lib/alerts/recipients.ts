// Where a clinic's alerts are emailed: the address each admin gave on the alerts page (the platform
// gives the app no email addresses). A demoted admin's address is kept but no longer used.
import "server-only";
import { z } from "zod";
import { db } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";

export const AlertEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .max(254, "alerts.actions.emailTooLong")
    .pipe(z.union([z.literal(""), z.email("alerts.actions.notAnEmail")])),
});

export async function alertRecipients(
  clinicId: string,
  client: PrismaClient = db,
): Promise<Array<{ userId: string; email: string; locale: string | null }>> {
  const rows = await client.alertRecipient.findMany({ where: { clinicId }, select: { userId: true, email: true } });
  if (rows.length === 0) return [];
  const admins = new Map(
    (
      await client.user.findMany({
        where: { clinicId, isAdmin: true, id: { in: rows.map((r) => r.userId) } },
        select: { id: true, locale: true },
      })
    ).map((u) => [u.id, u.locale] as const),
  );
  // Each admin's email is written in the language they chose in the app.
  return rows.filter((r) => admins.has(r.userId)).map((r) => ({ ...r, locale: admins.get(r.userId) ?? null }));
}

export async function alertEmailOf(userId: string): Promise<string | null> {
  return (await db.alertRecipient.findUnique({ where: { userId }, select: { email: true } }))?.email ?? null;
}

/** Sets (or, with "", removes) the admin's own address; returns whether anything changed. */
export async function setAlertEmail(user: { userId: string; clinicId: string }, email: string): Promise<boolean> {
  const before = await alertEmailOf(user.userId);
  if ((before ?? "") === email) return false;
  if (email === "") await db.alertRecipient.delete({ where: { userId: user.userId } });
  else
    await db.alertRecipient.upsert({
      where: { userId: user.userId },
      create: { userId: user.userId, clinicId: user.clinicId, email },
      update: { email },
    });
  return true;
}
