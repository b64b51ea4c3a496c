// The clinic, its patients and people, and session grants for the embedded feature (spec 4.3, 4.6,
// 4.7; the clinic's people are a sandbox extension). A patient's plans, orders and lab orders are in
// ./patient-records.ts.
import {
  CLINIC_PATHS,
  ClinicResponseSchema,
  PatientListResponseSchema,
  PatientResponseSchema,
  PractitionerListResponseSchema,
  StaffListResponseSchema,
  SESSION_GRANTS_PATH,
  SessionGrantResponseSchema,
  type Clinic,
  type Patient,
  type PatientCreateInput,
  type Practitioner,
  type StaffMember,
  type SessionGrant,
  type SessionGrantRequest,
} from "@/lib/contract";
import { iterateAll, pageQuery, type Page, type PageRequest } from "@/lib/clinic-api/pagination";
import type { Send } from "@/lib/clinic-api/transport";

export function clinicCalls(send: Send) {
  const patients = async (page?: PageRequest, search?: string): Promise<Page<Patient>> => {
    const r = await send({
      method: "GET",
      path: CLINIC_PATHS.patients,
      query: { ...pageQuery(page), search },
      schema: PatientListResponseSchema,
    });
    return { items: r.patients, meta: r.meta };
  };
  const practitioners = async (page?: PageRequest): Promise<Page<Practitioner>> => {
    const r = await send({
      method: "GET",
      path: CLINIC_PATHS.practitioners,
      query: pageQuery(page),
      schema: PractitionerListResponseSchema,
    });
    return { items: r.practitioners, meta: r.meta };
  };
  const staff = async (page?: PageRequest): Promise<Page<StaffMember>> => {
    const r = await send({
      method: "GET",
      path: CLINIC_PATHS.staff,
      query: pageQuery(page),
      schema: StaffListResponseSchema,
    });
    return { items: r.staff, meta: r.meta };
  };
  return {
    /** Extension: the clinic's practitioners and staff (names, staff roles); 404 where the platform lacks them. */
    allPractitioners: () => iterateAll(practitioners),
    allStaff: () => iterateAll(staff),
    getClinic: async (): Promise<Clinic> =>
      (await send({ method: "GET", path: CLINIC_PATHS.clinic, schema: ClinicResponseSchema })).clinic,
    patients,
    /** One patient by id; NotFoundError when the platform has none in this clinic. */
    getPatient: async (patientId: string): Promise<Patient> =>
      (await send({ method: "GET", path: CLINIC_PATHS.patient(patientId), schema: PatientResponseSchema })).patient,
    /**
     * Documented: creates a patient. A POST is never retried on a time-out or a 5xx (retry.ts): the
     * patient may exist already, and a second one with the same email would only be refused.
     */
    createPatient: async (body: PatientCreateInput): Promise<Patient> =>
      (await send({ method: "POST", path: CLINIC_PATHS.patients, body, schema: PatientResponseSchema })).patient,
    allPatients: (search?: string) => iterateAll((page) => patients(page, search)),
    /** Role-based mode: no body (the token names the user). Clinic-level mode: user_id and user_type. */
    createSessionGrant: async (body: SessionGrantRequest = {}): Promise<SessionGrant> =>
      send({ method: "POST", path: SESSION_GRANTS_PATH, body, schema: SessionGrantResponseSchema }),
  };
}
