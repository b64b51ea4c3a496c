// What each role's home page shows, from the app's database and, for a practitioner's own work, the
// platform (a failure there leaves that part of the page saying so, not the page broken).
import { dayIn } from "@/lib/audit/day-range";
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { clientForUser } from "@/lib/auth/platform-client";
import { summarizeEvent, type EventSummary } from "@/lib/events/summary";
import { knownNames } from "@/lib/events/timeline/list";
import { namePatients } from "@/lib/people/names";
import { log } from "@/lib/log/logger";

const DAY_MS = 86_400_000;
export const RECENT_DAYS = 14;

export interface HomeEvent {
  id: string;
  createdAt: string;
  summary: EventSummary;
}

/** Recent events of a clinic of some types (optionally about one practitioner's patients). */
async function recentEvents(clinicId: string, where: Prisma.EventWhereInput, take = 5): Promise<HomeEvent[]> {
  const rows = await db.event.findMany({
    where: { clinicId, createdAt: { gte: new Date(Date.now() - RECENT_DAYS * DAY_MS) }, ...where },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take,
    select: { id: true, type: true, createdAt: true, data: true },
  });
  const names = await knownNames(db, clinicId, rows);
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    summary: summarizeEvent(r.type, r.data, names),
  }));
}

export interface PractitionerHome {
  newPatients: HomeEvent[];
  resources: { id: string; name: string; updatedAt: string }[] | null;
  activePlans: { id: string; patient: string; patientId: string; products: number; updatedAt: string }[] | null;
}

export async function practitionerHome(user: { id: string; clinicId: string; platformUserId: string }) {
  const newPatients = await recentEvents(user.clinicId, {
    category: "patients",
    type: "patient.created",
    data: { path: ["patient", "practitioner_id"], equals: user.platformUserId },
  });
  let resources: PractitionerHome["resources"] = null;
  let activePlans: PractitionerHome["activePlans"] = null;
  try {
    const client = await clientForUser(user.id);
    const [resourcePage, planPage] = await Promise.all([
      client.resources.list(user.platformUserId, { size: 100 }),
      client.treatmentPlans({ practitioner_id: user.platformUserId, state: "active" }, { size: 20 }),
    ]);
    resources = resourcePage.items
      .filter((r) => r.practitioner_id === user.platformUserId)
      .sort((a, b) => b.updated_at.localeCompare(a.updated_at))
      .slice(0, 5)
      .map((r) => ({ id: r.id, name: r.name, updatedAt: r.updated_at }));
    const plans = [...planPage.items].sort((a, b) => b.updated_at.localeCompare(a.updated_at)).slice(0, 5);
    const names = await namePatients(
      client,
      user.clinicId,
      plans.map((p) => p.patient_id),
    );
    activePlans = plans.map((p) => ({
      id: p.id,
      patient: names[p.patient_id] ?? `patient ${p.patient_id}`,
      patientId: p.patient_id,
      products: p.recommendations.length,
      updatedAt: p.updated_at,
    }));
  } catch (error) {
    log.warn(`home: the platform could not be read: ${(error as Error).name}`);
  }
  return { newPatients, resources, activePlans } satisfies PractitionerHome;
}

/** Today's events of the clinic (its day, in its zone) by category, from the chart's projection. */
export async function todayByCategory(
  clinicId: string,
  timeZone: string,
): Promise<{ category: string; count: number }[]> {
  const today = new Date(`${dayIn(new Date(), timeZone)}T00:00:00.000Z`);
  const rows = await db.eventDailyCount.groupBy({
    by: ["category"],
    where: { clinicId, day: today },
    _sum: { count: true },
  });
  return rows
    .map((r) => ({ category: r.category, count: r._sum.count ?? 0 }))
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count);
}

export function latestClinicEvents(clinicId: string): Promise<HomeEvent[]> {
  return recentEvents(clinicId, {}, 8);
}
