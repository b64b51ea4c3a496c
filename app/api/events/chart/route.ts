// GET /api/events/chart?category&type&date: the caller's clinic's events per day, for the chart.
import { defineRoute } from "@/lib/actions/route";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { db } from "@/lib/db";
import { eventsPerDay } from "@/lib/events/timeline/chart";
import { TimelineFiltersSchema } from "@/lib/events/timeline/filters";

export const dynamic = "force-dynamic";

export const GET = defineRoute(
  { name: "events.chart", roles: SECTIONS.events.roles, input: TimelineFiltersSchema },
  async ({ caller, input }) => succeeded(await eventsPerDay(db, caller.clinicId, caller.user.timeZone, input)),
);
