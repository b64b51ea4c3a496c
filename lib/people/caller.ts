// Who is asking: the signed-in person as the guards read them from their session (lib/auth/guards.ts),
// and the clinic they act in. Types only, so that the audit trail and the domain folders below auth
// can name a caller without importing auth itself.
import type { AppRole } from "@/lib/people/roles";

export interface CurrentUser {
  id: string;
  clinicId: string;
  clinicName: string;
  /** The clinic's time zone (IANA): every time, day filter and chart of the clinic is on its clock. */
  timeZone: string;
  platformUserId: string;
  platformUserType: "Practitioner" | "Staff";
  isAdmin: boolean;
  roles: AppRole[];
  /** From the clinic's directory (lib/people); null when nothing names them yet. */
  name: string | null;
  /** A staff member's role as the platform names it ("Front desk"…), when the platform lists it. */
  staffRole: string | null;
  /** The language they chose in the app ("en", "fr-CA"); null follows the browser. */
  locale: string | null;
}

export interface Caller {
  user: CurrentUser;
  clinicId: string;
}

/** An admin acting on the clinic's accounts. */
export interface Actor {
  userId: string;
  clinicId: string;
}
