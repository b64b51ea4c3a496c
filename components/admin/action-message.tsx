// What an admin form's action answered, read out by screen readers: a status when it worked, an alert
// when it did not. Nothing before the first answer.
import type { AdminActionResult } from "@/lib/admin/result";

export function ActionMessage({ state, className = "" }: { state: AdminActionResult; className?: string }) {
  if (!state.message) return null;
  return (
    <p
      role={state.ok ? "status" : "alert"}
      className={`text-sm ${state.ok ? "text-emerald-800" : "text-red-700"} ${className}`}
    >
      {state.message}
    </p>
  );
}
