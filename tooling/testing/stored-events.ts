// Which stored events are a clinic's own as the platform listed them, for tests that compare the
// store with the platform: an event the platform sends with no clinic (a product's catalog news) is
// stored under none (NO_CLINIC), and processing files per-clinic copies (`<id>~<clinic>`) that are
// not the platform's events.
import { NO_CLINIC } from "@/lib/events/record";

export const platformEventsOf = (clinicId: string) => ({
  clinicId: { in: [clinicId, NO_CLINIC] },
  NOT: { id: { contains: "~" } },
});
