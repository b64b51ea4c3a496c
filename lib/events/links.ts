// Addresses the timeline and the home page link to, zod-free so client components can import them.

/** Where the app shows a patient's treatment plans: their part of the patient's page. */
export const plansHref = (patientId: string) => `/patients/${encodeURIComponent(patientId)}#patient-plans`;

/** One plan of a patient: its products, dosage and cancel. */
export const planHref = (patientId: string, planId: string) =>
  `/patients/${encodeURIComponent(patientId)}/plans/${encodeURIComponent(planId)}`;

/** The timeline with one event's details open (the timeline keeps the open event in `?event=`). */
export const eventHref = (eventId: string) => `/events?event=${encodeURIComponent(eventId)}`;

/** The patient's own page: their history in the store and their plans on the platform. */
export const patientHref = (patientId: string) => `/patients/${encodeURIComponent(patientId)}`;
