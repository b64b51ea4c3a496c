// Rows of the sign-in pages and next-auth's routes: a return address never leads to another site,
// and a sign-in or sign-out is only what the person asked for.
import { expect } from "@playwright/test";
import { SANDBOX } from "../../support/session";
import { HTML } from "../setup";
import { APP_ORIGIN, type RouteRow } from "./row";

/** Return addresses that are another site (or no place at all) once a browser parses them, as sent. */
const CALLBACK_BYPASSES = [
  "/%09/127.0.0.1:5999/stolen",
  "/%0a/127.0.0.1:5999/stolen",
  "/%0d/127.0.0.1:5999/stolen",
  "/%0d%0a/evil.example",
  "%2F%2Fevil.example",
  "/%5Cevil.example",
  "%5C%5Cevil.example",
  "/.//evil.example",
  "%09//evil.example",
  "///evil.example",
  "https:/evil.example",
  "https%3A%2F%2Fevil.example%2F",
  "http://127.0.0.1:5999@evil.example/",
  "javascript:alert(1)",
  "java%09script:alert(1)",
  "data:text/html,%3Cscript%3Ealert(1)%3C/script%3E",
  "file:///etc/passwd",
];
/** A signed-in browser sent to /signin with a return address lands on this site, never elsewhere. */
const staysOnSite = (callbackUrl: string): RouteRow => ({
  name: `return address ${callbackUrl}`,
  as: "staff",
  send: (api) => api.get(`/signin?callbackUrl=${callbackUrl}`, { maxRedirects: 0 }),
  status: 307,
  // The page's own payload repeats its URL (escaped, as data); what matters is where it sends the browser.
  check: (response) => expect(new URL(response.headers().location ?? "", APP_ORIGIN).origin).toBe(APP_ORIGIN),
});

export const SIGN_IN_ROUTE_ROWS: Record<string, RouteRow[]> = {
  "GET /signin": CALLBACK_BYPASSES.map(staysOnSite),
  "/api/auth/[...nextauth]": [
    {
      name: "sign-in started without the CSRF token, to another site",
      as: "anon",
      send: (api) =>
        api.post("/api/auth/signin/clinic", { form: { callbackUrl: "https://evil.example/steal" }, maxRedirects: 0 }),
      status: 302,
      check: (response) => {
        expect(response.headers().location).not.toContain(SANDBOX);
        expect(response.headers().location).not.toContain("evil.example");
      },
    },
    {
      name: "the callback as a POST with a forged code and state",
      as: "anon",
      send: (api) => api.post("/api/auth/callback/clinic", { form: { code: HTML, state: "forged" }, maxRedirects: 0 }),
      status: 302,
      check: (response) =>
        expect(new URL(response.headers().location ?? "").searchParams.get("error")).toBe("OAuthCallback"),
      noEcho: () => [HTML],
    },
    {
      name: "the client logger fed forged log lines",
      as: "anon",
      send: (api) =>
        api.post("/api/auth/_log", { form: { code: "FORGED\n[auth] admin promoted", level: "error", error: HTML } }),
      status: 200,
      check: (_response, text) => expect(text).toBe(""),
      noEcho: () => [HTML, "FORGED"],
    },
    {
      name: "the client logger with a level that is not a function",
      as: "anon",
      send: (api) => api.post("/api/auth/_log", { form: { code: "x", level: "constructor" } }),
      status: 200,
      check: (_response, text) => expect(text).toBe(""),
    },
  ],
};
