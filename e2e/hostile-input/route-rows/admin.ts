// Rows of the embedded features' session route and the admin console's JSON routes and export.
import { expect } from "@playwright/test";
import { EMBED_SIGNED_OUT, FORBIDDEN, INVALID, SIGNED_OUT } from "../answers";
import { SQL } from "../setup";
import { APP_ORIGIN, FORGED, forgedSession, type RouteRow } from "./row";

export const ADMIN_ROUTE_ROWS: Record<string, RouteRow[]> = {
  "POST /embedded/session": [
    {
      name: "signed out",
      as: "anon",
      send: (api) => api.post("/embedded/session"),
      status: 401,
      json: EMBED_SIGNED_OUT,
    },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: (api) => api.post("/embedded/session", { headers: { Cookie: FORGED } }),
      status: 401,
      json: EMBED_SIGNED_OUT,
    },
    {
      name: "a forged session for the admin",
      as: "anon",
      send: async (api, c) => api.post("/embedded/session", { headers: { Cookie: await forgedSession(c) } }),
      status: 401,
      json: EMBED_SIGNED_OUT,
    },
    {
      name: "a session cookie copied before its sign-out",
      as: "anon",
      send: (api, c) => api.post("/embedded/session", { headers: { Cookie: c.endedSession } }),
      status: 401,
      json: EMBED_SIGNED_OUT,
    },
    {
      name: "from another site (Sec-Fetch-Site)",
      as: "practitioner",
      send: (api) => api.post("/embedded/session", { headers: { "Sec-Fetch-Site": "cross-site" } }),
      status: 403,
      json: () => ({ error: "Open the embedded feature from the app." }),
    },
    {
      name: "from another origin",
      as: "practitioner",
      send: (api) => api.post("/embedded/session", { headers: { Origin: "http://evil.example" } }),
      status: 403,
      json: () => ({ error: `The embedded feature works only at ${APP_ORIGIN}. Open the app there.` }),
      noEcho: () => ["evil.example"],
    },
    {
      name: "Origin null",
      as: "practitioner",
      send: (api) => api.post("/embedded/session", { headers: { Origin: "null" } }),
      status: 403,
      json: () => ({ error: `The embedded feature works only at ${APP_ORIGIN}. Open the app there.` }),
    },
    {
      name: "another clinic's user named in a cross-site body",
      as: "otherMember",
      send: (api, c) =>
        api.post("/embedded/session", {
          headers: { "Sec-Fetch-Site": "cross-site" },
          data: { user_id: c.members.practitioner.platformUserId, user_type: "Practitioner" },
        }),
      status: 403,
      json: () => ({ error: "Open the embedded feature from the app." }),
    },
    {
      name: "a 2 MB body from another site",
      as: "staff",
      send: (api) =>
        api.post("/embedded/session", { headers: { "Sec-Fetch-Site": "cross-site" }, data: "x".repeat(2_000_000) }),
      status: 403,
      json: () => ({ error: "Open the embedded feature from the app." }),
    },
    { name: "GET", as: "practitioner", send: (api) => api.get("/embedded/session"), status: 405 },
  ],
  "GET /admin/api/status": [
    {
      name: "signed out",
      as: "anon",
      send: (api) => api.get("/admin/api/status"),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: (api) => api.get("/admin/api/status", { headers: { Cookie: FORGED } }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a forged admin session (wrong secret)",
      as: "anon",
      send: async (api, c) => api.get("/admin/api/status", { headers: { Cookie: await forgedSession(c) } }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie copied before its sign-out (401, not a live non-admin's 403)",
      as: "anon",
      send: (api, c) => api.get("/admin/api/status", { headers: { Cookie: c.endedSession } }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a non-admin of another clinic",
      as: "otherMember",
      send: (api) => api.get("/admin/api/status"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: (api) => api.get("/admin/api/status"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "another clinic's id in the query: the caller's clinic only",
      as: "admin",
      send: (api, c) =>
        api.get(
          `/admin/api/status?clinicId=${c.clinics.b.id}&clinic_id=${c.clinics.b.id}&user=${encodeURIComponent(SQL)}`,
        ),
      status: 200,
      check: async (_response, text, c) => {
        const own = await c.api.admin.get("/admin/api/status");
        const other = await c.api.otherAdmin.get("/admin/api/status");
        expect(JSON.parse(text)).toEqual(await own.json());
        expect(JSON.parse(text)).not.toEqual(await other.json());
      },
    },
    {
      name: "a query of 20,000 characters",
      as: "admin",
      send: (api) => api.get(`/admin/api/status?q=${"q".repeat(20_000)}`),
      status: 431,
    },
    { name: "POST", as: "admin", send: (api) => api.post("/admin/api/status", { data: {} }), status: 405 },
    { name: "DELETE", as: "admin", send: (api) => api.delete("/admin/api/status"), status: 405 },
  ],
  "GET /admin/api/alerts": [
    {
      name: "signed out",
      as: "anon",
      send: (api) => api.get("/admin/api/alerts"),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: (api) => api.get("/admin/api/alerts"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "another clinic's id in the query: the caller's clinic only",
      as: "admin",
      send: (api, c) => api.get(`/admin/api/alerts?clinicId=${c.clinics.b.id}`),
      status: 200,
      check: async (_response, text, c) =>
        expect(JSON.parse(text)).toEqual(await (await c.api.admin.get("/admin/api/alerts")).json()),
    },
  ],
  "GET /admin/audit/export": [
    {
      name: "signed out",
      as: "anon",
      send: (api) => api.get("/admin/audit/export"),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a non-admin of another clinic",
      as: "otherMember",
      send: (api) => api.get("/admin/audit/export"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "a person that is SQL and a date that does not exist",
      as: "admin",
      send: (api) => api.get(`/admin/audit/export?person=${encodeURIComponent(SQL)}&from=2026-02-30`),
      status: 422,
      json: () => ({
        ok: false,
        code: "invalid",
        message: INVALID,
        errors: { person: ["Choose a person from the list."], from: ["That is not a valid date."] },
      }),
      noEcho: () => [SQL],
    },
    {
      name: "to the calendar's last day",
      as: "admin",
      send: (api) => api.get("/admin/audit/export?from=9999-12-31&to=9999-12-31"),
      status: 200,
      check: (_response, text) => expect(text.trim().split("\n")).toHaveLength(1),
    },
    {
      name: "from year 0000",
      as: "admin",
      send: (api) => api.get("/admin/audit/export?from=0000-01-01"),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { from: ["That is not a valid date."] } }),
    },
    {
      name: "another clinic's person: nothing of theirs",
      as: "admin",
      send: (api, c) => api.get(`/admin/audit/export?person=${c.members.otherAdmin.appUserId}`),
      status: 200,
      check: (_response, text) => expect(text.trim().split("\n")).toHaveLength(1),
    },
  ],
};
