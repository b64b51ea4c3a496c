// A route handler's row: who sends what to which route, and the status and answer it must get; the
// requests the rows are written with; and the test of each row (nothing changed, nothing leaked).
import { createHmac } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { encode } from "next-auth/jwt";
import { signedPayload } from "@/lib/contract/webhooks";
import { FILES } from "@/sandbox/testing/files";
import { E2E_ENV } from "@/tooling/testing/e2e-stacks";
import { TAG, type Cast, type Who } from "../../support/cast";
import { fingerprint } from "../../support/fingerprint";
import { cast, expectNoLeak } from "../setup";

export interface RouteRow {
  name: string;
  as: Who;
  send: (api: APIRequestContext, c: Cast) => Promise<APIResponse>;
  status: number;
  /** The JSON answer, exactly. */
  json?: (c: Cast) => unknown;
  check?: (response: APIResponse, text: string, c: Cast) => void | Promise<void>;
  noEcho?: (c: Cast) => string[];
}

export const PDF = { name: `${TAG}.pdf`, mimeType: "application/pdf", buffer: FILES.pdf };
export const EXE_AS_PDF = { name: `${TAG}.pdf`, mimeType: "application/pdf", buffer: FILES.exe };
export const OVER_LIMIT = Buffer.concat([FILES.pdf, Buffer.alloc(11 * 1024 * 1024)]);
export const upload =
  (multipart: Record<string, string | typeof PDF>, headers: Record<string, string> = {}) =>
  (api: APIRequestContext) =>
    api.post("/api/resources", { multipart, headers });
export const edit =
  (id: (c: Cast) => string, multipart: Record<string, string | typeof PDF>, headers: Record<string, string> = {}) =>
  (api: APIRequestContext, c: Cast) =>
    api.put(`/api/resources/${encodeURIComponent(id(c))}`, { multipart, headers });
/** GET a JSON route, with a hand-written query string (hostile ones cannot always be built). */
export const get =
  (path: string, query = "", headers: Record<string, string> = {}) =>
  (api: APIRequestContext) =>
    api.get(query ? `${path}?${query}` : path, { headers });
export const EMPTY_TIMELINE = { ok: true, data: expect.objectContaining({ events: [] }) };
export const runIds = (body: unknown) => (body as { data: Array<{ id: string }> }).data.map((r) => r.id);
export const FIELDS = { name: `${TAG} hostile`, save_to_library: "true" };
export const FORGED = "next-auth.session-token=forged.garbage.value";
/** A form posted to a page without JavaScript: a server action's id travels as a field of the body. */
export const noScriptForm = (path: string, headers: Record<string, string>) => (api: APIRequestContext) =>
  api.post(path, { multipart: { [`$ACTION_ID_7f${"0".repeat(40)}`]: "", resourceId: "x" }, headers });
/** A session cookie of the right shape for A's admin, sealed with a secret that is not the app's. */
export const forgedSession = async (c: Cast) =>
  `next-auth.session-token=${await encode({ token: { sub: c.members.admin.appUserId, uid: c.members.admin.appUserId, role: "Admin", clinicId: c.clinics.a.id }, secret: "not-the-app-secret" })}`;
export const APP_ORIGIN = new URL(E2E_ENV.APP_URL).origin;

/** A delivery for another clinic's event id, its data as given (an object, or JSON text as sent). */
export const poison = (c: Cast, data: Record<string, unknown> | string) =>
  `{"event":{"id":"${c.other.eventId}","type":"patient.updated","clinic_id":"${c.clinics.a.id}","integration_id":null,"created_at":"2026-01-10T08:00:00.000Z","data":${typeof data === "string" ? data : JSON.stringify(data)}}}`;
/** A signature header of the right form, made with a secret that is not the app's. */
export const forgedSignature = (body: string) => ({
  "Content-Type": "application/json",
  "Service-Signature": ((t: number) =>
    `t=${t},v1=${createHmac("sha256", "not-the-webhook-secret").update(signedPayload(t, body)).digest("hex")}`)(
    Math.floor(Date.now() / 1000),
  ),
});

/** One test per row, named by its route. */
export function testRouteRows(table: Record<string, RouteRow[]>): void {
  for (const [route, rows] of Object.entries(table)) {
    for (const row of rows) {
      test(`${route} — ${row.as}: ${row.name}`, async () => {
        const before = await fingerprint(cast);
        const response = await row.send(cast.api[row.as], cast);
        const text = await response.text();
        expect(response.status(), text.slice(0, 500)).toBe(row.status);
        if (row.json) expect(JSON.parse(text)).toEqual(row.json(cast));
        await row.check?.(response, text, cast);
        expectNoLeak(text, cast, row.noEcho?.(cast) ?? []);
        expect(await fingerprint(cast)).toEqual(before);
      });
    }
  }
}
