// The patients list's page sizes, for the list (a client component) and the page that renders its
// first rows on the server: a "use client" module's constants are not values on the server.
export const PATIENT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PATIENT_PAGE_SIZE = 25;
