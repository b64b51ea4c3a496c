// The typed client of the platform for one caller (a user in role-based mode, the clinic in
// clinic-level mode): every endpoint of the spec, each answer validated against the contract.
// Build one per request with the caller's credentials; `fetch` is injectable for tests.
import "server-only";
import { withCredentials, type Credentials } from "@/lib/clinic-api/authorized";
import { clinicCalls } from "@/lib/clinic-api/clinic";
import { eventCalls } from "@/lib/clinic-api/events";
import { patientRecordCalls } from "@/lib/clinic-api/patient-records";
import { resourceCalls } from "@/lib/clinic-api/resources";
import { createTransport, type TransportOptions } from "@/lib/clinic-api/transport";

export interface ClinicClientOptions extends TransportOptions {
  credentials: Credentials;
}

export type ClinicClient = ReturnType<typeof createClinicClient>;

export function createClinicClient(options: ClinicClientOptions) {
  const send = withCredentials(createTransport(options), options.credentials);
  return {
    ...clinicCalls(send),
    ...patientRecordCalls(send),
    resources: resourceCalls(send),
    ...eventCalls(send),
  };
}
