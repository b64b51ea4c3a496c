// What every admin action answers: a sentence a person can act on, and field errors a form can show
// beside its inputs. Never an exception's text, never a secret. Shared by server and browser.
export type AdminActionResult =
  { ok: true; message: string } | { ok: false; message: string; errors: Record<string, string[]>; notAdmin?: true };

export const IDLE: AdminActionResult = { ok: true, message: "" };

export function done(message: string): AdminActionResult {
  return { ok: true, message };
}

export function refused(message: string, errors: Record<string, string[]> = {}): AdminActionResult {
  return { ok: false, message, errors };
}

/** zod issues → messages per field (`_` for those that name no field). */
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) (out[String(issue.path[0] ?? "_")] ??= []).push(issue.message);
  return out;
}
