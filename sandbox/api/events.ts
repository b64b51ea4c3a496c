// Event lists and retrieval (spec 4.4): the last 30 days only, each list with its own allowed
// filters and sort keys; event_type where the table does not allow it is refused with 400.
import {
  DEFAULT_PAGE_SIZE,
  EVENT_LIST_RULES,
  EVENT_RETENTION_DAYS,
  eventCategoryOf,
  eventListQuerySchema,
  matchesDateFilter,
  paginate,
  parseDateFilter,
  type EventCategory,
} from "@/lib/contract";
import { badParam, notFound } from "../http/errors";
import { parseQuery } from "../http/query";
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import type { Principal } from "../platform/auth";
import { eventRecord } from "../state/serialize";
import type { SandboxState } from "../state/store";
import type { EventRow } from "../state/types";

type Authed = Ctx & { principal: Principal };

export function withinRetention(s: SandboxState, createdAt: number): boolean {
  return createdAt >= s.clock.now() - EVENT_RETENTION_DAYS * 86_400_000;
}

export function listEvents(category: EventCategory) {
  const schema = eventListQuerySchema(category);
  return (ctx: Authed): Reply => {
    if (!EVENT_LIST_RULES[category].eventTypeFilter && "event_type" in ctx.query) {
      throw badParam("event_type", `is not accepted on /api/events/${category}`);
    }
    const q = parseQuery(schema, ctx.query) as {
      created_at?: string;
      event_type?: string;
      sort_by?: string;
      order_by?: "ASC" | "DESC";
      "page[number]"?: number;
      "page[size]"?: number;
    };
    const filter = q.created_at ? parseDateFilter(q.created_at) : null;
    const direction = q.order_by === "DESC" ? -1 : 1;
    const key = q.sort_by ?? "created_at";
    const cmp = (a: EventRow, b: EventRow) =>
      key === "event_type"
        ? a.type.localeCompare(b.type) || a.createdAt - b.createdAt || a.seq - b.seq
        : a.createdAt - b.createdAt || a.seq - b.seq;
    const rows = ctx.s.events
      .filter((e) => e.clinicId === ctx.principal.clinicId && eventCategoryOf(e.type) === category)
      .filter((e) => withinRetention(ctx.s, e.createdAt))
      .filter((e) => !q.event_type || e.type === q.event_type)
      .filter((e) => !filter || !filter.ok || matchesDateFilter(filter.filter, new Date(e.createdAt)))
      .sort((a, b) => direction * cmp(a, b));
    const page = paginate(rows, q["page[number]"] ?? 1, q["page[size]"] ?? DEFAULT_PAGE_SIZE);
    // Ids alone when the account says so: the details are GET /api/events/{id}'s (sandbox/README.md).
    const item =
      ctx.s.account.eventLists === "ids"
        ? (e: EventRow) => ({ id: e.id })
        : (e: EventRow) => eventRecord(e, ctx.s.account.patchVersion);
    return json(200, { events: page.items.map(item), meta: page.meta });
  };
}

export function getEvent(ctx: Authed): Reply {
  const row = ctx.s.eventsById.get(ctx.params.id);
  if (!row || row.clinicId !== ctx.principal.clinicId || !withinRetention(ctx.s, row.createdAt))
    throw notFound("event");
  return json(200, { event: eventRecord(row, ctx.s.account.patchVersion) });
}
