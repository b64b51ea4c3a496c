// Sets the security headers (lib/security-headers) on every response at request time. Not in
// next.config.js, where Next.js fixes them at build time: an image built for one platform server
// would then frame only that server's origin wherever it ran. Proxy runs on Node.js in
// Next 16, so the configuration here is the running server's. Not an auth layer: pages check callers.
// Nor the server-action guard: the app server (lib/server/app-server.ts) refuses those requests before
// Next.js reads them, in production and under `npm run dev` alike.
import { NextResponse, type NextRequest } from "next/server";
import { RETURN_TO_HEADER, accessDeniedRedirect } from "@/lib/auth/front-door";
import { getConfig } from "@/lib/config";
import { configuredSecurityHeaders } from "@/lib/security-headers";

// Not the webhook route: a server-to-server JSON endpoint that no browser renders or frames, and
// the one that must answer fastest (a proxied request's body is buffered and copied first). Not
// the build's static files either: hashed scripts and styles need no page policy. Nor an upload's
// multipart body: Next.js would hold all of it, and a copy, before the route could stream it
// (lib/http/multipart.ts); the route sets the same headers on its answer itself.
export const config = {
  matcher: [
    "/((?!api/webhooks/|api/resources|_next/static/|_next/image).*)",
    {
      source: "/api/resources/:path*",
      missing: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }],
    },
  ],
};

export function proxy(request: NextRequest): NextResponse {
  const headers = configuredSecurityHeaders(getConfig());
  // The policy goes on the request too: Next.js takes the nonce from it for the scripts it renders.
  const forwarded = new Headers(request.headers);
  const csp = headers.find((h) => h.key === "Content-Security-Policy")?.value ?? "";
  forwarded.set("Content-Security-Policy", csp);
  forwarded.set(RETURN_TO_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  // (The configured-host redirect is the app server's, lib/server/app-server.ts: Next.js treats
  // 127.0.0.1 and localhost as one host and would turn it into a redirect to the same place.)
  const elsewhere = accessDeniedRedirect(request.nextUrl);
  const response = elsewhere
    ? NextResponse.redirect(elsewhere, 307)
    : NextResponse.next({ request: { headers: forwarded } });
  for (const { key, value } of headers) response.headers.set(key, value);
  return response;
}
