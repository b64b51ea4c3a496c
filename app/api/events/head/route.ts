// GET /api/events/head: a token that changes when an event of the caller's clinic arrives. The
// timeline polls it every few seconds and refetches its list only when it moves.
import { defineRoute } from "@/lib/actions/route";
import { succeeded } from "@/lib/results/result";
import { SECTIONS } from "@/lib/auth/sections";
import { db } from "@/lib/db";
import { timelineHead } from "@/lib/events/timeline/list";

export const dynamic = "force-dynamic";

export const GET = defineRoute({ name: "events.head", roles: SECTIONS.events.roles }, async ({ caller }) =>
  succeeded(await timelineHead(db, caller.clinicId)),
);
