// How a clinic key is shown wherever it is named (the admin console, the audit trail): never whole.
/** Shows the last four characters only, e.g. `••••••••hl4k`. */
export function maskClinicKey(key: string): string {
  return `${"•".repeat(8)}${key.slice(-4)}`;
}
