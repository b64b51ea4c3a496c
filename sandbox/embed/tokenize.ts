// POST /api/embeddable/tokenize, as the platform's embed library calls it from the embedding page:
// `{data: {…snake-cased patient…}}` in, `{data_token}` out. The browser calls it across origins, so
// it answers CORS (the preflight too) for the origins of the applications' registered redirect URIs
// (the local app's loopback callback is registered implicitly), and every answer, a refusal
// included, carries those headers so that the page can read it. A token is single use, lives ten
// minutes, and is bound to the origin that asked: it opens a feature only in a frame whose
// target_origin is that origin (openDataToken, below). The details are never logged.
import { TokenizeRequestSchema } from "@/lib/contract";
import { secret } from "../core/random";
import { parseBody, readBody } from "../http/body";
import { ApiError } from "../http/errors";
import { json, type Reply } from "../http/reply";
import type { Ctx } from "../http/router";
import { isAllowedEmbedOrigin } from "../oauth/clients";
import type { SandboxState } from "../state/store";
import type { DataTokenRow } from "../state/types";

export const DATA_TOKEN_LIFETIME_MS = 10 * 60_000;
const SHAPE = `Send the patient's details as {"data": {...}} with first_name, last_name, email, date_of_birth and the like.`;

/** Whether some registered application may embed the platform's pages from `origin`. */
function registeredOrigin(s: SandboxState, origin: string | undefined): origin is string {
  return !!origin && [...s.applications.values()].some((app) => isAllowedEmbedOrigin(app, origin));
}

function corsHeaders(origin: string): Record<string, string> {
  return { "Access-Control-Allow-Origin": origin, Vary: "Origin" };
}

const originOf = (ctx: Ctx) => (typeof ctx.req.headers.origin === "string" ? ctx.req.headers.origin : undefined);

export function tokenizePreflight(ctx: Ctx): Reply {
  const origin = originOf(ctx);
  if (!registeredOrigin(ctx.s, origin))
    return json(403, {
      errors: [{ code: "forbidden_origin", message: "This origin is not registered for any application." }],
    });
  return {
    status: 204,
    bytes: Buffer.alloc(0),
    contentType: "text/plain",
    headers: {
      ...corsHeaders(origin),
      "Access-Control-Allow-Methods": "POST",
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Max-Age": "600",
    },
  };
}

export async function tokenize(ctx: Ctx): Promise<Reply> {
  const origin = originOf(ctx);
  if (!registeredOrigin(ctx.s, origin))
    return json(403, {
      errors: [
        {
          code: "forbidden_origin",
          message:
            "Call tokenize from a page of a registered origin (the Origin header must be the origin of one of the application's redirect URIs).",
        },
      ],
    });
  const cors = corsHeaders(origin);
  try {
    const body = parseBody(ctx.req, await readBody(ctx.req), "json");
    const parsed = TokenizeRequestSchema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.code === "unrecognized_keys" ? issue.keys.join(",") : issue.path.join(".") || "data";
      const message =
        issue.code === "unrecognized_keys"
          ? `Unknown field: ${issue.keys.join(", ")}. ${SHAPE}`
          : field === "data"
            ? `data is required. ${SHAPE}`
            : `${field}: ${issue.message}`;
      return json(422, { errors: [{ code: "invalid_value", message, field }] }, cors);
    }
    if (Object.keys(parsed.data.data).length === 0)
      return json(
        422,
        { errors: [{ code: "required", message: "data must hold the patient's details.", field: "data" }] },
        cors,
      );
    const row: DataTokenRow = {
      token: secret("dtk", 24),
      origin,
      patient: parsed.data.data,
      expiresAt: ctx.s.clock.now() + DATA_TOKEN_LIFETIME_MS,
      usedAt: null,
    };
    ctx.s.dataTokens.set(row.token, row);
    return json(201, { data_token: row.token }, cors);
  } catch (err) {
    if (err instanceof ApiError) return json(err.status, { errors: err.items }, cors);
    throw err;
  }
}

/** What a `data_token` parameter gives a feature's page: the details, or why there are none. */
export type OpenedToken =
  | { kind: "none" }
  | { kind: "refused"; reason: "unknown" | "used" | "expired" | "origin" }
  | { kind: "details"; patient: Record<string, unknown> };

/**
 * Spends the token (whatever comes of it, it is used once). Absent, or "null" (the library's word
 * for a failed tokenize), is no patient and nothing to say.
 */
export function openDataToken(s: SandboxState, token: string | undefined, targetOrigin: string): OpenedToken {
  if (!token || token === "null") return { kind: "none" };
  const row = s.dataTokens.get(token);
  if (!row) return { kind: "refused", reason: "unknown" };
  if (row.usedAt !== null) return { kind: "refused", reason: "used" };
  row.usedAt = s.clock.now();
  if (s.clock.now() >= row.expiresAt) return { kind: "refused", reason: "expired" };
  if (row.origin !== targetOrigin) return { kind: "refused", reason: "origin" };
  return { kind: "details", patient: row.patient };
}
