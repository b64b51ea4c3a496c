// GET /api/events/:id: one event of the caller's clinic with its data, for the detail drawer.
// Another clinic's event answers exactly like one that does not exist. Each opening is audited.
import { after } from "next/server";
import { z } from "zod";
import { defineRoute } from "@/lib/actions/route";
import { notFound, succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { db } from "@/lib/db";
import { getTimelineEvent } from "@/lib/events/timeline/list";
import { withReadSlot } from "@/lib/limits/read-gates";
import { auditEventViewed } from "@/lib/events/timeline/audited-reads";

export const dynamic = "force-dynamic";

const EventId = z.object({ id: z.string().min(1).max(200) });

export const GET = defineRoute(
  { name: "events.detail", roles: SECTIONS.events.roles, input: EventId },
  async ({ caller, input }) =>
    withReadSlot(caller.user.id, async () => {
      const event = await getTimelineEvent(db, caller.clinicId, input.id);
      if (!event) return notFound("event");
      // It shows a patient's email and date of birth: an entry of the audit trail, written once answered.
      after(() => auditEventViewed(caller, event));
      return succeeded(event);
    }),
);
