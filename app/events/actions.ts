"use server";
// The timeline's data for the browser. Each action checks the caller itself (an action is a public
// POST endpoint) and reads only the caller's clinic, whatever the arguments say.
import { requireRole } from "@/lib/auth";
import { db } from "@/lib/db";
import { TIMELINE_ROLES } from "@/lib/events/timeline/access";
import { eventsPerDay, type EventsPerDay } from "@/lib/events/timeline/chart";
import { TimelineCursorSchema, TimelineFiltersSchema } from "@/lib/events/timeline/filters";
import {
  getTimelineEvent,
  listTimeline,
  timelineHead,
  type TimelineEventDetail,
  type TimelinePage,
} from "@/lib/events/timeline/list";

export type ActionResult<T> = { ok: true; data: T } | { ok: false; message: string; errors: Record<string, string[]> };

function invalid(errors: Record<string, string[]>): ActionResult<never> {
  return { ok: false, message: "Some filters are not valid.", errors };
}

function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) (out[String(issue.path[0] ?? "_")] ??= []).push(issue.message);
  return out;
}

export async function loadTimelinePage(filters: unknown, cursor: string | null): Promise<ActionResult<TimelinePage>> {
  const { clinicId } = await requireRole(...TIMELINE_ROLES);
  const parsed = TimelineFiltersSchema.safeParse(filters);
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  const at = cursor === null ? undefined : TimelineCursorSchema.safeParse(cursor);
  if (at && !at.success) return invalid({ cursor: ["bad cursor"] });
  return { ok: true, data: await listTimeline(db, clinicId, parsed.data, at?.data) };
}

export async function loadEventsChart(filters: unknown): Promise<ActionResult<EventsPerDay>> {
  const { clinicId } = await requireRole(...TIMELINE_ROLES);
  const parsed = TimelineFiltersSchema.safeParse(filters);
  if (!parsed.success) return invalid(fieldErrors(parsed.error.issues));
  return { ok: true, data: await eventsPerDay(db, clinicId, parsed.data) };
}

export async function loadEventDetail(id: unknown): Promise<TimelineEventDetail | null> {
  const { clinicId } = await requireRole(...TIMELINE_ROLES);
  if (typeof id !== "string" || id.length === 0 || id.length > 200) return null;
  return getTimelineEvent(db, clinicId, id);
}

/** Changes when an event of the caller's clinic arrives; the page polls it. */
export async function loadTimelineHead(): Promise<string> {
  const { clinicId } = await requireRole(...TIMELINE_ROLES);
  return timelineHead(db, clinicId);
}
