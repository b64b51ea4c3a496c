// What the app's session and JWT hold: the app user's id, primary role and clinic. Nothing else;
// in particular no platform token (those stay in the token store).
import type { AppRole } from "@/lib/auth/roles";

declare module "next-auth" {
  interface Session {
    /** Absent when the session carries none of our claims (treated as signed out). */
    user?: { id: string; role: AppRole; clinicId: string };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    role?: AppRole;
    clinicId?: string;
  }
}
