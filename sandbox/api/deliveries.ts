// GET /api/webhooks/deliveries (spec 4.5): attempts of the last 30 days for the caller's clinic.
import {
  DEFAULT_PAGE_SIZE,
  DeliveryListQuerySchema,
  matchesDateFilter,
  paginate,
  parseDateFilter,
} from "@/lib/contract";
import { parseQuery } from "../http/query";
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import type { Principal } from "../platform/auth";
import { deliveryRecord } from "../state/serialize";
import { shaped } from "./documented";
import type { DeliveryRow } from "../state/types";
import { withinRetention } from "./events";

export function listDeliveries(ctx: Ctx & { principal: Principal }): Reply {
  const q = parseQuery(DeliveryListQuerySchema, ctx.query);
  const filter = q.attempted_at ? parseDateFilter(q.attempted_at) : null;
  const direction = q.order_by === "DESC" ? -1 : 1;
  const cmp = (a: DeliveryRow, b: DeliveryRow) =>
    q.sort_by === "event_id"
      ? a.eventId.localeCompare(b.eventId) || a.attemptedAt - b.attemptedAt || a.seq - b.seq
      : a.attemptedAt - b.attemptedAt || a.seq - b.seq;
  const rows = ctx.s.deliveries
    .filter((d) => d.clinicId === ctx.principal.clinicId && withinRetention(ctx.s, d.attemptedAt))
    .filter((d) => !q.event_id || d.eventId === q.event_id)
    .filter((d) => !q.successfully_delivered || d.successfullyDelivered === (q.successfully_delivered === "true"))
    .filter((d) => !filter || !filter.ok || matchesDateFilter(filter.filter, new Date(d.attemptedAt)))
    .sort((a, b) => direction * cmp(a, b));
  const page = paginate(rows, q["page[number]"] ?? 1, q["page[size]"] ?? DEFAULT_PAGE_SIZE);
  return json(200, {
    deliveries: page.items.map((d) => shaped(ctx.s, "delivery", deliveryRecord(d))),
    meta: page.meta,
  });
}
