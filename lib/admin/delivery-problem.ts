// Why a webhook delivery attempt failed, in words instead of the platform's codes ("status_503",
// "connection_error: ECONNREFUSED"): a catalog key of `admin.deliveries.problems` and its values.
// Pure and zod-free: the deliveries table renders it on the server and in the browser.
export type DeliveryProblem =
  | { key: "status"; values: { code: number } }
  | { key: "gone" | "timeout" | "challenge" | "notJson" | "unreachable"; values?: undefined }
  | { key: "other"; values: { detail: string } };

export function deliveryProblem(attempt: {
  status_code?: number | null;
  error?: string | null;
}): DeliveryProblem | null {
  const error = attempt.error ?? "";
  const status = attempt.status_code ?? null;
  const statusOf = /^status_(\d{3})$/.exec(error);
  const code = status !== null && status !== 200 && status !== 201 ? status : statusOf ? Number(statusOf[1]) : null;
  if (code === 410) return { key: "gone" };
  if (code !== null) return { key: "status", values: { code } };
  if (error === "") return null;
  if (error === "timeout") return { key: "timeout" };
  if (error === "challenge_mismatch") return { key: "challenge" };
  if (error === "invalid_json_body") return { key: "notJson" };
  if (error.startsWith("connection_error")) return { key: "unreachable" };
  return { key: "other", values: { detail: error.slice(0, 200) } };
}

/** Why an attempt failed, in the reader's words (`say` at the catalog's root), or null when it did not. */
export function deliveryProblemText(
  attempt: Parameters<typeof deliveryProblem>[0],
  say: (key: string, values?: Record<string, string | number>) => string,
): string | null {
  const problem = deliveryProblem(attempt);
  return problem ? say(`admin.deliveries.problems.${problem.key}`, problem.values) : null;
}
