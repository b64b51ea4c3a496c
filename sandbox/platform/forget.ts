// The platform forgets one clinic, as a sandbox restarted without its saved world forgot every
// clinic: its clinic keys (a new one is issued, not activated) and every sign-in of its people. The
// app then holds a clinic key and tokens the platform refuses, and must say so truthfully; the
// other clinics are untouched, so a shared test stack keeps working.
import type { SandboxState } from "../state/store";
import type { ClinicKeyRow } from "../state/types";
import { issueKey } from "./clinic-key";

export function forgetClinic(s: SandboxState, clinicId: string): ClinicKeyRow {
  s.clinicKeys = s.clinicKeys.filter((k) => k.clinicId !== clinicId);
  const grants = new Set([...s.tokenGrants.values()].filter((g) => g.clinicId === clinicId).map((g) => g.id));
  for (const id of grants) s.tokenGrants.delete(id);
  for (const [token, row] of s.accessTokens) if (grants.has(row.grantId)) s.accessTokens.delete(token);
  for (const [token, row] of s.refreshTokens) if (grants.has(row.grantId)) s.refreshTokens.delete(token);
  for (const [code, row] of s.authCodes) if (s.users.get(row.userId)?.clinicId === clinicId) s.authCodes.delete(code);
  for (const [id, row] of s.sessionGrants) if (row.clinicId === clinicId) s.sessionGrants.delete(id);
  for (const [token, row] of s.embedSessions) if (row.clinicId === clinicId) s.embedSessions.delete(token);
  return issueKey(s, clinicId);
}
