// GET /api/oauth/authorize shows the sign-in page; POST records the person's choice and redirects
// to the app with a single-use code bound to the client and redirect_uri (valid 10 minutes).
import { SANDBOX_DEFAULT_SCOPE } from "@/lib/contract";
import { secret } from "../core/random";
import type { Ctx } from "../http/router";
import type { Reply } from "../http/reply";
import type { ApplicationRow } from "../state/types";
import { isRegisteredRedirectUri } from "./clients";
import { errorPage, signInPage } from "./authorize-page";

type Checked =
  { ok: true; app: ApplicationRow; redirectUri: string; state?: string; scope?: string } | { ok: false; reply: Reply };

function redirectWith(uri: string, params: Record<string, string | undefined>): Reply {
  const target = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") target.searchParams.set(k, v);
  return { status: 302, redirect: target.toString() };
}

function check(ctx: Ctx, input: Record<string, unknown>): Checked {
  const str = (k: string) => (typeof input[k] === "string" ? (input[k] as string) : undefined);
  const app = ctx.s.applications.get(str("client_id") ?? "");
  if (!app)
    return {
      ok: false,
      reply: {
        status: 400,
        html: errorPage("Unknown application", "The client_id does not name a registered application."),
      },
    };
  const redirectUri = str("redirect_uri") ?? "";
  if (!isRegisteredRedirectUri(app, redirectUri)) {
    return {
      ok: false,
      reply: {
        status: 400,
        html: errorPage(
          "Redirect address refused",
          `The redirect_uri is not registered for ${app.name}; no redirect was made.`,
        ),
      },
    };
  }
  const state = str("state");
  if (str("response_type") !== "code") {
    return {
      ok: false,
      reply: redirectWith(redirectUri, {
        error: "unsupported_response_type",
        error_description: "response_type must be code",
        state,
      }),
    };
  }
  return { ok: true, app, redirectUri, state, scope: str("scope") };
}

export function showAuthorize(ctx: Ctx): Reply {
  const checked = check(ctx, ctx.query);
  if (!checked.ok) return checked.reply;
  return {
    status: 200,
    html: signInPage(ctx.s, checked.app, {
      redirect_uri: checked.redirectUri,
      state: checked.state,
      scope: checked.scope,
    }),
    headers: {
      "Content-Security-Policy":
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    },
  };
}

export function decideAuthorize(ctx: Ctx): Reply {
  const body = ctx.body as Record<string, unknown>;
  const checked = check(ctx, body);
  if (!checked.ok) return checked.reply;
  if (body.decision === "deny") {
    return redirectWith(checked.redirectUri, {
      error: "access_denied",
      error_description: "The user denied access.",
      state: checked.state,
    });
  }
  const user = ctx.s.users.get(typeof body.user_id === "string" ? body.user_id : "");
  if (!user) return { status: 400, html: errorPage("Unknown user", "Pick one of the listed people to sign in.") };
  const code = secret("code", 18);
  ctx.s.authCodes.set(code, {
    code,
    clientId: checked.app.clientId,
    redirectUri: checked.redirectUri,
    userId: user.id,
    scope: checked.scope || SANDBOX_DEFAULT_SCOPE,
    issuedAt: ctx.s.clock.now(),
    usedAt: null,
    grantId: null,
  });
  return redirectWith(checked.redirectUri, { code, state: checked.state });
}
