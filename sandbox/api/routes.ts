// The platform's routes (spec 4). Static paths come before parameterised ones.
import { EVENT_CATEGORIES, OAUTH_PATHS, SESSION_GRANTS_PATH } from "@/lib/contract";
import type { Principal } from "../platform/auth";
import type { Ctx, Route } from "../http/router";
import type { Reply } from "../http/reply";
import { refuseQuery } from "../http/query";
import { decideAuthorize, showAuthorize } from "../oauth/authorize";
import { revokeEndpoint, tokenEndpoint } from "../oauth/token";
import {
  downloadFile,
  getClinic,
  getPatient,
  listPatientTreatmentPlans,
  listPatients,
  listPractitioners,
  listServiceResources,
  listStaff,
  listTreatmentPlans,
} from "./clinic";
import { listDeliveries } from "./deliveries";
import { createPatient } from "./patients";
import { getEvent, listEvents } from "./events";
import { createResource, deleteResource, getResource, listResources, updateResource } from "./resources";
import { createSessionGrant } from "./session-grants";
import { cancelTreatmentPlan, getLabOrder, getOrder, listLabOrders, listPatientOrders } from "./patient-records";

type Authed = (ctx: Ctx & { principal: Principal }) => Reply;
const bearer = (method: string, pattern: string, handler: Authed, body: Route["body"] = "none"): Route => ({
  method,
  pattern,
  auth: "bearer",
  body,
  handler: handler as Route["handler"],
});

/** For endpoints that take no query parameters (lists parse their own strict query schemas). */
const noQuery =
  (handler: Authed): Authed =>
  (ctx) => {
    refuseQuery(ctx.query);
    return handler(ctx);
  };

const RESOURCES = "/api/clinic/practitioners/:practitionerId/resources";

export const platformRoutes: Route[] = [
  { method: "GET", pattern: OAUTH_PATHS.authorize, auth: "none", body: "none", handler: showAuthorize },
  { method: "POST", pattern: OAUTH_PATHS.authorize, auth: "none", body: "json-or-form", handler: decideAuthorize },
  { method: "POST", pattern: OAUTH_PATHS.token, auth: "none", body: "json-or-form", handler: tokenEndpoint },
  { method: "POST", pattern: OAUTH_PATHS.revoke, auth: "none", body: "json-or-form", handler: revokeEndpoint },
  bearer("GET", "/api/clinic", noQuery(getClinic)),
  bearer("GET", "/api/clinic/patients", listPatients),
  bearer("POST", "/api/clinic/patients", noQuery(createPatient), "json"),
  bearer("GET", "/api/clinic/patients/:patientId", noQuery(getPatient)),
  bearer("GET", "/api/clinic/patients/:patientId/treatment_plans", listPatientTreatmentPlans),
  bearer("GET", "/api/clinic/patients/:patientId/orders", listPatientOrders),
  bearer("GET", "/api/clinic/orders/:id", noQuery(getOrder)),
  bearer("GET", "/api/clinic/labs/orders", listLabOrders),
  bearer("GET", "/api/clinic/labs/orders/:id", noQuery(getLabOrder)),
  bearer("PATCH", "/api/clinic/treatment_plans/:id/cancel", noQuery(cancelTreatmentPlan)),
  bearer("GET", "/api/clinic/service_resources", listServiceResources),
  bearer("GET", "/api/clinic/treatment_plans", listTreatmentPlans),
  bearer("GET", "/api/clinic/practitioners", listPractitioners),
  bearer("GET", "/api/clinic/staff", listStaff),
  bearer("POST", SESSION_GRANTS_PATH, noQuery(createSessionGrant), "json"),
  bearer("GET", RESOURCES, listResources),
  bearer("POST", RESOURCES, noQuery(createResource), "json"),
  bearer("GET", `${RESOURCES}/:id`, noQuery(getResource)),
  bearer("PUT", `${RESOURCES}/:id`, noQuery(updateResource), "json"),
  bearer("DELETE", `${RESOURCES}/:id`, noQuery(deleteResource)),
  ...EVENT_CATEGORIES.map((c) => bearer("GET", `/api/events/${c}`, listEvents(c))),
  bearer("GET", "/api/events/:id", noQuery(getEvent)),
  bearer("GET", "/api/webhooks/deliveries", listDeliveries),
  { method: "GET", pattern: "/files/:ownerId/:token/:name", auth: "none", body: "none", handler: downloadFile },
];
