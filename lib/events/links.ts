// Addresses the timeline and the home page link to, zod-free so client components can import them.

/** Where the app shows a patient's treatment plans (the embedded feature opened for them). */
export const plansHref = (patientId: string) => `/embedded?patient=${encodeURIComponent(patientId)}`;
