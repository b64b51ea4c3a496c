// Addresses the timeline and the home page link to, zod-free so client components can import them.

/** Where the app shows a patient's treatment plans (the embedded feature opened for them). */
export const plansHref = (patientId: string) => `/embedded?patient=${encodeURIComponent(patientId)}`;

/** The patient's own page: their history in the store and their plans on the platform. */
export const patientHref = (patientId: string) => `/patients/${encodeURIComponent(patientId)}`;
