// The clinic's connection for a page (lib/connection/state.ts decides; this reads the facts from our
// own tables, no platform call, so it answers while the platform is down) and the names of the
// people who can fix it: the clinic's admins. Once per request.
import "server-only";
import { cache } from "react";
import { clinicKeyView } from "@/lib/admin/clinic-key";
import { platformSettings } from "@/lib/clinic-api/settings";
import { db } from "@/lib/db";
import { peopleNames } from "@/lib/people/names";
import { connectionView, type ConnectionView } from "@/lib/connection/state";

export interface ClinicConnection extends ConnectionView {
  /** The clinic's admins by name (those the app knows a name for), to say who can fix it. */
  admins: string[];
}

export const clinicConnection = cache(async (clinicId: string): Promise<ClinicConnection> => {
  const clinicMode = platformSettings().authMode === "clinic";
  const [key, webhookEvent, run, clinicLevel, admins] = await Promise.all([
    clinicKeyView(clinicId),
    // A connected clinic's newest events are webhooks: this stops at the first row it reads.
    db.event.findFirst({ where: { clinicId, source: "webhook" }, select: { id: true } }),
    db.reconciliationRun.findFirst({ where: { clinicId, status: "succeeded" }, select: { id: true } }),
    clinicMode
      ? db.platformConnection.findFirst({ where: { clinicId, clinicLevelFor: { not: null } }, select: { state: true } })
      : null,
    db.user.findMany({
      where: { clinicId, isAdmin: true },
      select: { name: true, platformUserId: true },
      orderBy: { createdAt: "asc" },
    }),
  ]);
  const directory = await peopleNames(
    clinicId,
    admins.filter((a) => !a.name).map((a) => a.platformUserId),
  );
  const view = connectionView({
    keyState: key.state,
    webhookReceived: Boolean(webhookEvent),
    reconciled: Boolean(run),
    clinicConnectionBroken: Boolean(clinicLevel && clinicLevel.state !== "connected"),
  });
  const names = admins.flatMap((a) => {
    const name = a.name?.trim() || directory[a.platformUserId];
    return name ? [name] : [];
  });
  return { ...view, admins: [...new Set(names)] };
});
