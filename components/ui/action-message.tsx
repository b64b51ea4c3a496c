// What an action answered, said beside the control that ran it: the sentence (a polite status on
// success, an alert on failure), the platform's request id to quote to support, and a link to sign
// in again when only that helps. The one way every form and button shows a result.
import Link from "next/link";
import type { ActionResult } from "@/lib/actions/result";
import { RequestId } from "@/components/ui/states";

export function ActionMessage({
  result,
  className = "text-sm",
}: {
  result: ActionResult<unknown>;
  className?: string;
}) {
  if (!result.message) return null;
  if (result.ok)
    return (
      <p role="status" className={`${className} text-emerald-800`}>
        {result.message}
      </p>
    );
  return (
    <div role="alert" className={`${className} text-red-700`}>
      <p>{result.message}</p>
      <RequestId id={result.requestId} />
      {result.reconnect && (
        <Link href={result.reconnect} className="font-medium text-brand-700 underline">
          Sign in again
        </Link>
      )}
    </div>
  );
}
