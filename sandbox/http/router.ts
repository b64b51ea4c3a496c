// A tiny path router: `/api/clinic/practitioners/:practitionerId/resources/:id` style patterns.
import type { IncomingMessage } from "node:http";
import type { Principal } from "../platform/auth";
import type { SandboxState } from "../state/store";
import type { BodyKind } from "./body";
import type { Reply } from "./reply";

export interface Ctx {
  s: SandboxState;
  req: IncomingMessage;
  url: URL;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  requestId: string;
  principal: Principal | null;
}

export interface Route {
  method: string;
  pattern: string;
  /** bearer: needs a valid access token; none: public or authenticates itself. */
  auth: "bearer" | "none";
  body: BodyKind;
  handler: (ctx: Ctx & { principal: Principal | null }) => Reply | Promise<Reply>;
}

export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split("/");
  const got = path.split("/");
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i].startsWith(":")) {
      if (!got[i]) return null;
      try {
        params[want[i].slice(1)] = decodeURIComponent(got[i]);
      } catch {
        return null;
      }
    } else if (want[i] !== got[i]) return null;
  }
  return params;
}

export type RouteMatch = { route: Route; params: Record<string, string> } | { allowed: string[] } | null;

export function findRoute(routes: Route[], method: string, path: string): RouteMatch {
  const allowed: string[] = [];
  for (const route of routes) {
    const params = matchPath(route.pattern, path);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length ? { allowed } : null;
}
