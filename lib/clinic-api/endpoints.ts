// A platform path as one endpoint: the label of its metrics and the name of its spans.
/** "/v1/patients/abc-123/plans" → "/v1/patients/:id/plans": one label per endpoint, not per record. */
export function endpointOf(path: string): string {
  return path
    .split("?")[0]!
    .split("/")
    .map((part) => (/\d/.test(part) || part.length > 24 ? ":id" : part))
    .join("/");
}
