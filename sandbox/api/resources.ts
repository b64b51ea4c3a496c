// Practitioner resources (spec 4.2). Actions made through the API create no events (spec 6.1).
import { PlainListQuerySchema, paginate, DEFAULT_PAGE_SIZE } from "@/lib/contract";
import { ApiError, notFound } from "../http/errors";
import { parseQuery } from "../http/query";
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import type { Principal } from "../platform/auth";
import { resourceRecord } from "../state/serialize";
import type { ResourceRow } from "../state/types";
import { actingPractitioner, visibleTo } from "./access";
import { shaped, single } from "./documented";
import { validateCreate, validateUpdate } from "./resource-input";

type Authed = Ctx & { principal: Principal };

/** The record as the account shows it (whole, or only its documented fields). */
const shown = (ctx: Authed, row: ResourceRow) => shaped(ctx.s, "resource", resourceRecord(ctx.s, row));

function findVisible(ctx: Authed): { row: ResourceRow; practitionerId: string } {
  const practitioner = actingPractitioner(ctx.s, ctx.principal, ctx.params.practitionerId);
  const row = ctx.s.resources.get(ctx.params.id);
  if (!row || !visibleTo(row, practitioner)) throw notFound("resource");
  return { row, practitionerId: practitioner.id };
}

function requireOwner(row: ResourceRow, practitionerId: string): void {
  if (row.practitionerId !== practitionerId) {
    throw ApiError.of(
      403,
      "forbidden",
      "This resource was shared with the practitioner; only its owner can change or delete it.",
    );
  }
}

export function listResources(ctx: Authed): Reply {
  const q = parseQuery(PlainListQuerySchema, ctx.query);
  const practitioner = actingPractitioner(ctx.s, ctx.principal, ctx.params.practitionerId);
  const rows = [...ctx.s.resources.values()]
    .filter((r) => visibleTo(r, practitioner))
    .sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
  const page = paginate(rows, q["page[number]"] ?? 1, q["page[size]"] ?? DEFAULT_PAGE_SIZE);
  return json(200, { resources: page.items.map((r) => shown(ctx, r)), meta: page.meta });
}

export function createResource(ctx: Authed): Reply {
  const practitioner = actingPractitioner(ctx.s, ctx.principal, ctx.params.practitionerId);
  const { input, file } = validateCreate(ctx.s, practitioner.clinicId, ctx.body as Record<string, unknown>);
  const now = ctx.s.clock.now();
  const row: ResourceRow = {
    id: ctx.s.ids.next("res"),
    clinicId: practitioner.clinicId,
    practitionerId: practitioner.id,
    name: input.name,
    type: input.type ?? null,
    category: input.category ?? null,
    treatmentPlanId: input.treatment_plan_id ?? null,
    saveToLibrary: input.save_to_library === "true",
    sharedWith: [],
    file,
    createdAt: now,
    updatedAt: now,
  };
  ctx.s.resources.set(row.id, row);
  return json(201, single(ctx.s, "resource", shown(ctx, row)));
}

export function getResource(ctx: Authed): Reply {
  return json(200, single(ctx.s, "resource", shown(ctx, findVisible(ctx).row)));
}

export function updateResource(ctx: Authed): Reply {
  const { row, practitionerId } = findVisible(ctx);
  requireOwner(row, practitionerId);
  const { input, file } = validateUpdate(ctx.s, row.clinicId, ctx.body as Record<string, unknown>);
  if (input.name !== undefined) row.name = input.name;
  if (input.type !== undefined) row.type = input.type;
  if (input.category !== undefined) row.category = input.category;
  if (input.treatment_plan_id !== undefined) row.treatmentPlanId = input.treatment_plan_id;
  if (input.save_to_library !== undefined) row.saveToLibrary = input.save_to_library === "true";
  if (file) row.file = file;
  row.updatedAt = ctx.s.clock.now();
  return json(200, single(ctx.s, "resource", shown(ctx, row)));
}

export function deleteResource(ctx: Authed): Reply {
  const { row, practitionerId } = findVisible(ctx);
  requireOwner(row, practitionerId);
  ctx.s.resources.delete(row.id);
  return json(200, single(ctx.s, "resource", shown(ctx, row)));
}
