// The clinic's settings an admin keeps in the app: its time zone, the clock every time, day filter,
// chart and export of the clinic is on. Unset, the zone is DEFAULT_CLINIC_TIME_ZONE (the settings page
// offers the admin's browser zone); a change rebuilds the chart's per-day counts (lib/events/daily-counts.ts).
import "server-only";
import { cache } from "react";
import { z } from "zod";
import { db } from "@/lib/db";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { rebuildDailyCounts } from "@/lib/events/daily-counts";
import { DEFAULT_CLINIC_TIME_ZONE, isTimeZone } from "@/lib/format/time-zone";

export const ClinicTimeZoneInputSchema = z.object({
  timeZone: z
    .string()
    .trim()
    .min(1, { error: "admin.settings.errors.required", abort: true })
    .max(64, { error: "admin.settings.errors.tooLong", abort: true })
    .refine(isTimeZone, "admin.settings.errors.unknown"),
});

export interface ClinicTimeZone {
  timeZone: string;
  /** When an admin last chose it; null while the default applies. */
  setAt: Date | null;
}

export async function clinicTimeZoneSetting(clinicId: string, client: PrismaClient = db): Promise<ClinicTimeZone> {
  const row = await client.clinic.findUnique({
    where: { id: clinicId },
    select: { timeZone: true, timeZoneSetAt: true },
  });
  return { timeZone: row?.timeZone ?? DEFAULT_CLINIC_TIME_ZONE, setAt: row?.timeZoneSetAt ?? null };
}

/** The clinic's zone (IANA name), read once per request. */
export const clinicTimeZone = cache(
  async (clinicId: string): Promise<string> => (await clinicTimeZoneSetting(clinicId)).timeZone,
);

export type TimeZoneChange =
  | { kind: "changed"; before: string; counted: number }
  | { kind: "unchanged" }
  /** The browser's runtime knows the name but the database does not (its time zone data is older). */
  | { kind: "unknown" };

/** Sets the clinic's zone and recounts its chart by day in that zone, in one transaction. */
export async function setClinicTimeZone(
  clinicId: string,
  timeZone: string,
  client: PrismaClient = db,
): Promise<TimeZoneChange> {
  return client.$transaction(
    async (tx): Promise<TimeZoneChange> => {
      const [known] = await tx.$queryRaw<Array<{ ok: boolean }>>`
        SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${timeZone}) AS ok`;
      if (!known?.ok) return { kind: "unknown" };
      const [row] = await tx.$queryRaw<Array<{ time_zone: string; time_zone_set_at: Date | null }>>`
        SELECT time_zone, time_zone_set_at FROM clinics WHERE id = ${clinicId} FOR UPDATE`;
      if (!row) throw new Error(`No clinic ${clinicId}`);
      if (row.time_zone === timeZone && row.time_zone_set_at) return { kind: "unchanged" };
      await tx.clinic.update({ where: { id: clinicId }, data: { timeZone, timeZoneSetAt: new Date() } });
      const counted = row.time_zone === timeZone ? 0 : await rebuildDailyCounts(tx, clinicId, timeZone);
      return { kind: "changed", before: row.time_zone, counted };
    },
    // A clinic with a million events takes seconds to recount; the default 5 s would cut it off.
    { timeout: 120_000, maxWait: 10_000 },
  );
}
