// Which stored events are a clinic's own as the platform listed them, for tests that compare the
// store with the platform: an event the platform sends with no clinic (a product's catalog news) is
// stored under none (NO_CLINIC), and processing files per-clinic copies (`<id>~<clinic>`) that are
// not the platform's events.
import { NO_CLINIC } from "@/lib/events/record";

export const platformEventsOf = (clinicId: string) => ({
  clinicId: { in: [clinicId, NO_CLINIC] },
  NOT: { id: { contains: "~" } },
});

/**
 * The stored events of a clinic's platform list, exactly: its own, and those of `listed` stored under
 * no clinic (with several clinics, the events under none are not all one clinic's).
 */
export const listedEventsOf = (clinicId: string, listed: string[]) => ({
  OR: [{ clinicId }, { clinicId: NO_CLINIC, id: { in: listed } }],
  NOT: { id: { contains: "~" } },
});
