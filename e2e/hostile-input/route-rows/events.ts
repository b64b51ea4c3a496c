// Rows of the timeline's routes (the list, its search, the chart, an event, the head, the export) and
// of reconciliation's progress and history.
import { expect } from "@playwright/test";
import { timelineIds, type ChartAnswer } from "../action-rows/row";
import { FORBIDDEN, invalid, INVALID, missing, searchRefused, SIGNED_OUT } from "../answers";
import { HTML, SQL, UNICODE_QUERY } from "../setup";
import { EMPTY_TIMELINE, FORGED, get, runIds, type RouteRow } from "./row";

export const EVENT_ROUTE_ROWS: Record<string, RouteRow[]> = {
  "GET /api/events/export": [
    { name: "signed out", as: "anon", send: get("/api/events/export"), status: 401, json: () => SIGNED_OUT },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: get("/api/events/export", "", { Cookie: FORGED }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "category of the wrong kind",
      as: "staff",
      send: get("/api/events/export", "category=7"),
      status: 422,
      json: () => invalid("category"),
    },
    {
      name: "search of %, which no index serves",
      as: "staff",
      send: get("/api/events/export", "q=%25"),
      status: 422,
      json: () => searchRefused,
    },
    {
      name: "date with SQL",
      as: "staff",
      send: get("/api/events/export", `date=${encodeURIComponent("2026-01-10' OR '1'='1")}`),
      status: 422,
      json: () => invalid("date"),
    },
  ],
  "GET /api/events": [
    { name: "signed out", as: "anon", send: get("/api/events"), status: 401, json: () => SIGNED_OUT },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: get("/api/events", "", { Cookie: FORGED }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie copied before its sign-out",
      as: "anon",
      send: (api, c) => get("/api/events", "", { Cookie: c.endedSession })(api),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "category of the wrong kind",
      as: "staff",
      send: get("/api/events", "category=7"),
      status: 422,
      json: () => invalid("category"),
    },
    {
      name: "search of 201 characters",
      as: "staff",
      send: get("/api/events", `q=${"x".repeat(201)}`),
      status: 422,
      json: () => invalid("q"),
    },
    // Searches no trigram index serves would read all of a clinic's events: refused before they run.
    ...[
      ["%", "%25"],
      ["_%_", "_%25_"],
      ["a lone backslash", "%5C"],
      ["two letters", "ab"],
      ["letters apart", "a%20b%20c%2512"],
    ].map(([what, q]) => ({
      name: `search of ${what}, which no index serves`,
      as: "staff" as const,
      send: get("/api/events", `q=${q}`),
      status: 422,
      json: () => searchRefused,
    })),
    {
      name: "search with a NUL byte",
      as: "staff",
      send: get("/api/events", "q=a%00b"),
      status: 422,
      json: () => invalid("q"),
    },
    {
      name: "date with SQL",
      as: "staff",
      send: get("/api/events", `date=${encodeURIComponent("2026-01-10' OR '1'='1")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date on the calendar's last day: answered at once, nothing there",
      as: "staff",
      send: get("/api/events", "date=9999-12-31"),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "a range over the calendar's last year",
      as: "staff",
      send: get("/api/events", "date=9999-01-01..9999-12-31"),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "date after the calendar's last day",
      as: "staff",
      send: get("/api/events", `date=${encodeURIComponent(">9999-12-31")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date before the calendar's first day",
      as: "staff",
      send: get("/api/events", `date=${encodeURIComponent("<0001-01-01")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date in year 0000",
      as: "staff",
      send: get("/api/events", "date=0000-01-01"),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date of a six-digit year",
      as: "staff",
      send: get("/api/events", `date=${encodeURIComponent("+010000-01-01")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "cursor past year 9999",
      as: "staff",
      send: get("/api/events", `cursor=${Buffer.from("+010000-01-01T00:00:00.000Z|x").toString("base64url")}`),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { cursor: ["bad cursor"] } }),
    },
    {
      name: "cursor of garbage",
      as: "staff",
      send: get("/api/events", "cursor=!!!not%20base64!!!"),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { cursor: ["bad cursor"] } }),
    },
    {
      name: "cursor a number",
      as: "staff",
      send: get("/api/events", "cursor=12345"),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { cursor: ["bad cursor"] } }),
    },
    {
      name: "search for another clinic's patient",
      as: "staff",
      send: (api, c) => get("/api/events", `q=${c.other.patientName}`)(api),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "search for another clinic's event id",
      as: "staff",
      send: (api, c) => get("/api/events", `q=${c.other.eventId}`)(api),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "another clinic's id smuggled into the filters",
      as: "staff",
      send: (api, c) =>
        get("/api/events", `q=${c.other.patientName}&clinic_id=${c.clinics.b.id}&clinicId=${c.clinics.b.id}`)(api),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "search with SQL",
      as: "staff",
      send: get("/api/events", `q=${encodeURIComponent("' OR 'abc'='abc' --")}`),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "search with unicode, an RTL override and a lone surrogate's bytes",
      as: "staff",
      // With three letters in a row: a term of only these is refused before it runs (rows above).
      send: get("/api/events", `q=Ada${UNICODE_QUERY}`),
      status: 200,
      json: () => EMPTY_TIMELINE,
    },
    {
      name: "control: B's admin finds B's patient",
      as: "otherAdmin",
      send: (api, c) => get("/api/events", `q=${c.other.patientName}`)(api),
      status: 200,
      check: (_response, text, c) => expect(timelineIds(JSON.parse(text))).toEqual([c.other.eventId]),
    },
    {
      name: "a query of 20,000 characters",
      as: "staff",
      send: get("/api/events", `q=${"q".repeat(20_000)}`),
      status: 431,
    },
    { name: "POST", as: "staff", send: (api) => api.post("/api/events", { data: {} }), status: 405 },
  ],
  "GET /api/events/chart": [
    { name: "signed out", as: "anon", send: get("/api/events/chart"), status: 401, json: () => SIGNED_OUT },
    {
      name: "date that is not a day",
      as: "staff",
      send: get("/api/events/chart", "date=2026-02-30"),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "date on the calendar's last day: one bar, at once",
      as: "staff",
      send: get("/api/events/chart", "date=9999-12-31"),
      status: 200,
      check: (_response, text) => expect((JSON.parse(text) as ChartAnswer).data.days).toEqual(["9999-12-31"]),
    },
    {
      name: "the whole calendar: a year of bars at most",
      as: "staff",
      send: get("/api/events/chart", "date=0001-01-01..9999-12-31"),
      status: 200,
      check: (_response, text) => expect((JSON.parse(text) as ChartAnswer).data.days).toHaveLength(366),
    },
    {
      name: "after the calendar's last day",
      as: "staff",
      send: get("/api/events/chart", `date=${encodeURIComponent(">9999-12-31")}`),
      status: 422,
      json: () => invalid("date"),
    },
    {
      name: "a category that does not exist",
      as: "staff",
      send: get("/api/events/chart", `category=${encodeURIComponent(HTML)}`),
      status: 422,
      json: () => invalid("category"),
      noEcho: () => [HTML],
    },
  ],
  "GET /api/events/[id]": [
    {
      name: "signed out, another clinic's event",
      as: "anon",
      send: (api, c) => api.get(`/api/events/${c.other.eventId}`),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "another clinic's event",
      as: "staff",
      send: (api, c) => api.get(`/api/events/${c.other.eventId}`),
      status: 404,
      json: () => missing("event"),
    },
    {
      name: "another clinic's event, as an admin",
      as: "admin",
      send: (api, c) => api.get(`/api/events/${c.other.eventId}`),
      status: 404,
      json: () => missing("event"),
    },
    {
      name: "an event that does not exist",
      as: "staff",
      send: (api) => api.get("/api/events/evt_does_not_exist"),
      status: 404,
      json: () => missing("event"),
    },
    {
      name: "an id of 201 characters",
      as: "staff",
      send: (api) => api.get(`/api/events/${"e".repeat(201)}`),
      status: 422,
      json: () => invalid("id"),
    },
    {
      name: "an id with SQL",
      as: "staff",
      send: (api) => api.get(`/api/events/${encodeURIComponent(SQL)}`),
      status: 404,
      json: () => missing("event"),
    },
    {
      name: "control: B's admin reads B's event",
      as: "otherAdmin",
      send: (api, c) => api.get(`/api/events/${c.other.eventId}`),
      status: 200,
      check: (_response, text, c) =>
        expect(JSON.parse(text)).toMatchObject({ ok: true, data: { id: c.other.eventId } }),
    },
  ],
  "GET /api/events/head": [
    { name: "signed out", as: "anon", send: get("/api/events/head"), status: 401, json: () => SIGNED_OUT },
    {
      name: "another clinic's id in the query is ignored",
      as: "staff",
      send: (api, c) => get("/api/events/head", `clinicId=${c.clinics.b.id}&clinic_id=${c.clinics.b.id}`)(api),
      status: 200,
      check: async (_response, text, c) => {
        const own = await (await c.api.staff.get("/api/events/head")).json();
        const other = await (await c.api.otherAdmin.get("/api/events/head")).json();
        expect(JSON.parse(text)).toEqual(own);
        expect(JSON.parse(text)).not.toEqual(other);
      },
    },
  ],
  "GET /api/reconciliation": [
    { name: "signed out", as: "anon", send: get("/api/reconciliation"), status: 401, json: () => SIGNED_OUT },
    { name: "a non-admin", as: "otherMember", send: get("/api/reconciliation"), status: 403, json: () => FORBIDDEN },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: get("/api/reconciliation"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "another clinic's ids in the query",
      as: "admin",
      send: (api, c) => get("/api/reconciliation", `clinicId=${c.clinics.b.id}&runId=${c.other.runId}`)(api),
      status: 200,
      check: (_response, text, c) =>
        expect((JSON.parse(text) as { data: { id?: string } | null }).data?.id).not.toBe(c.other.runId),
    },
  ],
  "GET /api/reconciliation/runs": [
    { name: "signed out", as: "anon", send: get("/api/reconciliation/runs"), status: 401, json: () => SIGNED_OUT },
    {
      name: "a non-admin of another clinic",
      as: "otherMember",
      send: get("/api/reconciliation/runs"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "a non-admin of the clinic",
      as: "member",
      send: get("/api/reconciliation/runs"),
      status: 403,
      json: () => FORBIDDEN,
    },
    {
      name: "another clinic's id in the query",
      as: "admin",
      send: (api, c) => get("/api/reconciliation/runs", `clinicId=${c.clinics.b.id}`)(api),
      status: 200,
      check: (_response, text, c) => expect(runIds(JSON.parse(text))).not.toContain(c.other.runId),
    },
    {
      name: "control: B's admin sees B's run",
      as: "otherAdmin",
      send: get("/api/reconciliation/runs"),
      status: 200,
      check: (_response, text, c) => expect(runIds(JSON.parse(text))).toContain(c.other.runId),
    },
  ],
};
