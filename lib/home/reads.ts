// What each role's home page shows, from the app's database and, for a practitioner's own work, the
// platform (a failure there leaves that part of the page saying so, not the page broken; a sign-in the
// platform no longer accepts says to sign in again, the one thing that helps).
import { dayIn, startOfDayIn } from "@/lib/format/days";
import "server-only";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";
import { clientForUser } from "@/lib/auth/platform-client";
import { ReconnectRequiredError, reconnectPath, type ReconnectReason } from "@/lib/auth/errors";
import { UnauthorizedError } from "@/lib/clinic-api/errors";
import { summarizeEvent, type EventSummary } from "@/lib/events/summary";
import { knownNames } from "@/lib/events/timeline/list";
import { log } from "@/lib/log/logger";
import type { ClinicClient } from "@/lib/clinic-api/client";
import { practitionerPlans } from "@/lib/patients/practitioner-plans";
import { isOwnResource } from "@/lib/resources/record-view";

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
  /** Each with its file's address: the home page opens it as the library does. */
  resources: { id: string; name: string; url: string; updatedAt: string | null }[] | null;
  /** Each plan's patient, product count and time as far as the platform's record tells them. */
  activePlans:
    | {
        id: string;
        patient: string | null;
        patientId: string | null;
        products: number | null;
        updatedAt: string | null;
      }[]
    | null;
  /** The platform refused the person's sign-in: why, and where to sign in again (else null). */
  signIn: { reason: ReconnectReason; href: string } | null;
}

export async function practitionerHome(user: { id: string; clinicId: string; platformUserId: string }) {
  const newPatients = await recentEvents(user.clinicId, {
    category: "patients",
    type: "patient.created",
    data: { path: ["patient", "practitioner_id"], equals: user.platformUserId },
  });
  // Each part on its own: a failure of one must not hide the other.
  let refusedBecause: ReconnectReason | null = null;
  const failed = (error: unknown): null => {
    if (error instanceof UnauthorizedError)
      refusedBecause ??= error instanceof ReconnectRequiredError ? error.reason : "broken";
    else log.warn(`home: the platform could not be read: ${(error as Error).name}`);
    return null;
  };
  const client = await clientForUser(user.id).catch(failed);
  const [resources, activePlans] = client
    ? await Promise.all([
        recentResources(client, user.platformUserId).catch(failed),
        activePlansOf(client, user.clinicId, user.platformUserId).catch(failed),
      ])
    : [null, null];
  const reason: ReconnectReason | null = refusedBecause;
  const signIn = reason ? { reason, href: reconnectPath(reason) } : null;
  return { newPatients, resources, activePlans, signIn } satisfies PractitionerHome;
}

/** The practitioner's own resources, latest first (a record without times keeps the list's order). */
async function recentResources(client: ClinicClient, practitionerId: string): Promise<PractitionerHome["resources"]> {
  const page = await client.resources.list(practitionerId, { size: 100 });
  return page.items
    .filter((r) => isOwnResource(r, practitionerId))
    .sort((a, b) => (b.updated_at ?? "").localeCompare(a.updated_at ?? ""))
    .slice(0, 5)
    .map((r) => ({ id: r.id, name: r.name, url: r.attachment_url, updatedAt: r.updated_at ?? null }));
}

async function activePlansOf(
  client: ClinicClient,
  clinicId: string,
  practitionerId: string,
): Promise<PractitionerHome["activePlans"]> {
  const { plans } = await practitionerPlans(db, client, clinicId, practitionerId);
  return plans
    .filter((p) => p.state === "active")
    .slice(0, 5)
    .map((p) => ({
      id: p.id,
      patient: p.patientName,
      patientId: p.patientId,
      products: p.products,
      updatedAt: p.time,
    }));
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

/** The clinic's latest events of today (its day, in its zone): "Today's activity" lists nothing older. */
export function latestClinicEvents(clinicId: string, timeZone: string): Promise<HomeEvent[]> {
  return recentEvents(clinicId, { createdAt: { gte: startOfDayIn(dayIn(new Date(), timeZone), timeZone) } }, 8);
}
