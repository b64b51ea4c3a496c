// What the app's session and JWT hold: the app user's id, primary role, clinic and the sign-in's
// session row. Nothing else;
// in particular no platform token (those stay in the token store).
import type { AppRole } from "@/lib/people/roles";

declare module "next-auth" {
  interface Session {
    /** Absent when the session carries none of our claims (treated as signed out). */
    user?: { id: string; role: AppRole; clinicId: string; sid: string };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    role?: AppRole;
    clinicId?: string;
    /** The sign-in's row in app_sessions (lib/auth/sessions.ts). */
    sid?: string;
  }
}
