// zod's issues as messages per field, the shape every form shows beside its inputs (`_` holds those
// that name no field). One helper for the app's actions, the platform client and the forms.
export function fieldErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) (out[String(issue.path[0] ?? "_")] ??= []).push(issue.message);
  return out;
}
