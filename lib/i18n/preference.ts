// A person's chosen language, kept on their user row so it follows them to another browser.
import "server-only";
import { db } from "@/lib/db";
import type { Locale } from "@/lib/i18n/locales";

export async function rememberLocale(userId: string, locale: Locale): Promise<void> {
  await db.user.update({ where: { id: userId }, data: { locale } });
}
