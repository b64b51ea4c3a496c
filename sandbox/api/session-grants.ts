// POST /api/clinic/embeddable/session_grants (spec 2.3, 4.3): a 120-second, single-use grant.
// Role-based tokens carry the user; clinic-level tokens must name user_id and user_type.
import { SESSION_GRANT_LIFETIME_SECONDS, SessionGrantRequestSchema, type ApiErrorItem } from "@/lib/contract";
import { secret } from "../core/random";
import { ApiError } from "../http/errors";
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import type { Principal } from "../platform/auth";
import { sessionGrantRecord } from "../state/serialize";
import type { SessionGrantRow, UserRow } from "../state/types";

function grantUser(ctx: Ctx & { principal: Principal }): UserRow {
  const parsed = SessionGrantRequestSchema.safeParse(ctx.body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? "body");
    throw ApiError.of(
      422,
      "invalid_value",
      field === "user_type" ? "user_type must be Practitioner or Staff." : `${field}: ${issue.message}`,
      field,
    );
  }
  const { user_id, user_type } = parsed.data;
  const p = ctx.principal;
  if (p.mode === "clinic") {
    const items: ApiErrorItem[] = [];
    if (!user_id)
      items.push({
        code: "required",
        field: "user_id",
        message: "user_id is required with clinic-level authorization.",
      });
    if (!user_type)
      items.push({
        code: "required",
        field: "user_type",
        message: "user_type is required with clinic-level authorization.",
      });
    if (items.length) throw new ApiError(422, items);
    const user = ctx.s.users.get(user_id ?? "");
    if (!user || user.clinicId !== p.clinicId || user.type !== user_type) {
      throw ApiError.of(422, "invalid_value", "user_id and user_type do not name a user of this clinic.", "user_id");
    }
    return user;
  }
  // Role-based: the token names the user; fields, if sent anyway, must agree with it.
  if ((user_id && user_id !== p.user.id) || (user_type && user_type !== p.user.type)) {
    throw ApiError.of(
      422,
      "invalid_value",
      "With role-based authorization the token names the user; user_id and user_type must be omitted.",
      "user_id",
    );
  }
  return p.user;
}

export function createSessionGrant(ctx: Ctx & { principal: Principal }): Reply {
  const user = grantUser(ctx);
  const now = ctx.s.clock.now();
  const row: SessionGrantRow = {
    id: ctx.s.ids.next("sg"),
    clinicId: ctx.principal.clinicId,
    clientId: ctx.principal.clientId,
    secretToken: secret("sgt", 24),
    userId: user.id,
    userType: user.type,
    createdAt: now,
    expiresAt: now + SESSION_GRANT_LIFETIME_SECONDS * 1000,
    claimedAt: null,
  };
  ctx.s.sessionGrants.set(row.id, row);
  ctx.s.stats.session_grants_created += 1;
  // The bare grant object, as the platform answers (spec 4.3; the documentation's example): no wrapper.
  return json(201, sessionGrantRecord(row));
}
