// Who may read the timeline: staff (it is theirs), admins, and practitioners too — events are the
// clinic's shared record and practitioners already see its patients. Everyone only their own clinic.
import type { AppRole } from "@/lib/auth/roles";

export const TIMELINE_ROLES: readonly AppRole[] = ["Staff", "Admin", "Practitioner"];
