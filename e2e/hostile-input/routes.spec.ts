// Hostile requests to the route handlers, a table of rows per group of routes (route-rows/), each
// with the exact status and answer it must get, nothing leaked and nothing changed; and the embedded
// session route given another clinic's user or a patient that is no id.
import { expect, test } from "@playwright/test";
import { TAG } from "../support/cast";
import { fingerprint } from "../support/fingerprint";
import { decodeAnswer, postAction } from "../support/server-actions";
import { SANDBOX } from "../support/session";
import { RES, VALID_EDIT } from "./action-rows/row";
import { ADMIN_ROUTE_ROWS } from "./route-rows/admin";
import { ENTRY_ROUTE_ROWS } from "./route-rows/entry";
import { EVENT_ROUTE_ROWS } from "./route-rows/events";
import { RESOURCE_ROUTE_ROWS } from "./route-rows/resources";
import { testRouteRows } from "./route-rows/row";
import { cast, castPerFile } from "./setup";

castPerFile();

testRouteRows(ENTRY_ROUTE_ROWS);
testRouteRows(EVENT_ROUTE_ROWS);
testRouteRows(RESOURCE_ROUTE_ROWS);
testRouteRows(ADMIN_ROUTE_ROWS);

test("POST /embedded/session — a body naming another clinic's user is ignored: the grant is the caller's own", async () => {
  const response = await cast.api.practitioner.post("/embedded/session", {
    data: { user_id: cast.members.otherMember.platformUserId, user_type: "Practitioner", clinic_id: cast.clinics.b.id },
  });
  expect(response.status()).toBe(201);
  const { grant_id: grantId } = (await response.json()) as { grant_id: string };
  const grant = (await (await cast.api.anon.get(`${SANDBOX}/__sandbox/grants/${grantId}`)).json()) as {
    session_grant: { clinic_id: string; user: { id: string } };
  };
  expect(grant.session_grant).toMatchObject({
    clinic_id: cast.clinics.a.id,
    user: { id: cast.members.practitioner.platformUserId },
  });
});

test("POST /embedded/session — a patient that is no id and an unknown feature are ignored: a builder on nobody", async () => {
  const response = await cast.api.practitioner.post(
    `/embedded/session?${new URLSearchParams({ patient: "<script>alert(1)</script>", feature: "../admin", entrypoint: "x" })}`,
  );
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { patient: unknown; grant_id: string };
  expect(body.patient).toBeNull();
  expect(JSON.stringify(body)).not.toContain("script");
});

// Last of this file, as it changes things: the "nothing changed" check of every row is not blind. A
// real edit at the platform and a real event arriving in the app's database both change the
// fingerprint. (Each file has a cast of its own, with its own resource, so no other file sees the edit.)
test("control: the fingerprint sees a real change at the platform and in the app's database", async () => {
  const before = await fingerprint(cast);
  const edited = await decodeAnswer(
    await postAction(cast.api.practitioner, RES.update, [
      { resourceId: cast.own.resourceId, ...VALID_EDIT, name: `${TAG} control edit` },
    ]),
  );
  expect(edited.answer).toMatchObject({ kind: "result", value: { ok: true } });
  const activity = await cast.api.anon.post(`${SANDBOX}/__sandbox/activity`, {
    data: { clinic_id: cast.clinics.b.id, type: "patient.created" },
  });
  expect(activity.status()).toBe(201);
  const after = await fingerprint(cast);
  expect(after.sandbox.ownResource).not.toEqual(before.sandbox.ownResource);
  expect(after.app.webhookEvents).not.toEqual(before.app.webhookEvents);
});
