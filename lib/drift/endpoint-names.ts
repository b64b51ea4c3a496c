// The platform's answers as the Platform changes page names them. Drift is counted per endpoint,
// "GET /api/clinic/patients/{id}/treatment_plans" (its ids taken out, so one endpoint is one row
// whatever record it was about); people read it in words, "A patient's treatment plans", with the
// method and path only as small print. Every call the platform client makes has its words here
// (endpoint-names.test.ts holds them to the client's paths); a path this table does not know is shown
// as it is. Not server-only: the page's components name them.
import { EVENT_CATEGORIES, eventListPath, eventPath, type EventCategory } from "@/lib/contract/event-types";
import { CLINIC_PATHS } from "@/lib/contract/lists";
import { OAUTH_PATHS } from "@/lib/contract/oauth";
import { PATIENT_RECORD_PATHS } from "@/lib/contract/patient-records";
import { SESSION_GRANTS_PATH } from "@/lib/contract/session-grants";
import { DELIVERIES_PATH } from "@/lib/contract/webhooks";

const MARK = "ID0MARK";
const pathsOf = (table: object): string[] =>
  (Object.values(table) as Array<string | ((...ids: string[]) => string)>).map((value) =>
    typeof value === "string" ? value : value(...Array.from({ length: value.length }, () => MARK)),
  );

/** The words of every path the contract names; any other segment of a path is an id. */
const PATH_WORDS: ReadonlySet<string> = new Set(
  [
    ...pathsOf(OAUTH_PATHS),
    ...pathsOf(CLINIC_PATHS),
    ...pathsOf(PATIENT_RECORD_PATHS),
    SESSION_GRANTS_PATH,
    DELIVERIES_PATH,
    eventPath(MARK),
    ...EVENT_CATEGORIES.map(eventListPath),
  ]
    .flatMap((p) => p.split("/"))
    .filter((w) => w && w !== MARK),
);

/** The endpoint a request went to, its ids taken out: "GET /api/clinic/practitioners/{id}/resources". */
export function endpointName(method: string, path: string): string {
  const template = path
    .split("?")[0]!
    .split("/")
    .map((segment) => (segment === "" || PATH_WORDS.has(segment) ? segment : "{id}"))
    .join("/");
  return `${method} ${template}`;
}

/** An answer's name in the catalog (`admin.platformChanges.endpoints.*`), with its values. */
export interface EndpointWords {
  key: string;
  values?: { category: EventCategory };
}

const ID = "{id}";
const CALLS: Array<[method: string, path: string, words: EndpointWords]> = [
  ["GET", CLINIC_PATHS.clinic, { key: "clinic" }],
  ["GET", CLINIC_PATHS.patients, { key: "patients" }],
  ["POST", CLINIC_PATHS.patients, { key: "patientAdded" }],
  ["GET", CLINIC_PATHS.patient(ID), { key: "patient" }],
  ["GET", CLINIC_PATHS.patientTreatmentPlans(ID), { key: "patientTreatmentPlans" }],
  ["PATCH", PATIENT_RECORD_PATHS.cancelTreatmentPlan(ID), { key: "planCancelled" }],
  ["GET", PATIENT_RECORD_PATHS.patientOrders(ID), { key: "patientOrders" }],
  ["GET", PATIENT_RECORD_PATHS.order(ID), { key: "order" }],
  ["GET", PATIENT_RECORD_PATHS.labOrders, { key: "labOrders" }],
  ["GET", PATIENT_RECORD_PATHS.labOrder(ID), { key: "labOrder" }],
  ["GET", CLINIC_PATHS.practitioners, { key: "practitioners" }],
  ["GET", CLINIC_PATHS.staff, { key: "staff" }],
  ["GET", CLINIC_PATHS.practitionerResources(ID), { key: "resources" }],
  ["POST", CLINIC_PATHS.practitionerResources(ID), { key: "resourceUploaded" }],
  ["GET", CLINIC_PATHS.practitionerResource(ID, ID), { key: "resource" }],
  ["PUT", CLINIC_PATHS.practitionerResource(ID, ID), { key: "resourceEdited" }],
  ["DELETE", CLINIC_PATHS.practitionerResource(ID, ID), { key: "resourceDeleted" }],
  ["GET", CLINIC_PATHS.serviceResources, { key: "serviceResources" }],
  ["POST", SESSION_GRANTS_PATH, { key: "sessionGrant" }],
  ...EVENT_CATEGORIES.map((category): [string, string, EndpointWords] => [
    "GET",
    eventListPath(category),
    { key: "events", values: { category } },
  ]),
  ["GET", eventPath(ID), { key: "event" }],
  ["GET", DELIVERIES_PATH, { key: "deliveries" }],
  ["POST", OAUTH_PATHS.token, { key: "token" }],
  ["POST", OAUTH_PATHS.revoke, { key: "revoke" }],
];

const WORDS: ReadonlyMap<string, EndpointWords> = new Map(
  CALLS.map(([method, path, words]) => [endpointName(method, path), words]),
);

/** What an endpoint's answer is, in the catalog's words; null for one the table does not know. */
export const endpointWords = (endpoint: string): EndpointWords | null => WORDS.get(endpoint) ?? null;

/** Every endpoint the table names (for the tests that hold it to the client). */
export const NAMED_ENDPOINTS: readonly string[] = [...WORDS.keys()];
