// Addresses of the embedded features in the app, zod-free so that any page can link to them: the
// treatment plan builder at /embedded, and the platform feature (catalog or labs) at
// /embedded/platform, each optionally for one patient.
import type { EmbedEntrypoint } from "@/lib/contract/embed";

const withPatient = (path: string, q: URLSearchParams, patientId: string | null | undefined) => {
  if (patientId) q.set("patient", patientId);
  const query = q.toString();
  return query ? `${path}?${query}` : path;
};

/** The treatment plan builder, on the patient when one is given. */
export const builderHref = (patientId?: string | null) => withPatient("/embedded", new URLSearchParams(), patientId);

/** The platform feature's page: the menu's "Catalog & labs" (lib/auth/sections.ts). */
export const PLATFORM_FEATURE_PATH = "/embedded/platform";

/** The catalog or the labs, on the patient when one is given. */
export const platformHref = (entrypoint: EmbedEntrypoint, patientId?: string | null) =>
  withPatient(PLATFORM_FEATURE_PATH, new URLSearchParams({ entrypoint }), patientId);
