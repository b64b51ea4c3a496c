// What an action answered, said beside the control that ran it: the sentence (a polite status on
// success, an alert on failure), the platform's request id to quote to support, and a link to sign
// in again when only that helps. The one way every form and button shows a result.
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/results/result";
import { RequestId } from "@/components/ui/states";

export function ActionMessage({
  result,
  className = "text-sm",
  toasted = false,
}: {
  result: ActionResult<unknown>;
  className?: string;
  /** A toast already announced the success: the sentence stays here to read, but is not said twice. */
  toasted?: boolean;
}) {
  const t = useTranslations("states");
  const say = useTranslations();
  if (!result.message) return null;
  // A message made in the browser (the app could not be reached) is still a catalog key.
  const message = say.has(result.message) ? say(result.message, result.values) : result.message;
  if (result.ok)
    return (
      <p role={toasted ? undefined : "status"} className={`${className} text-emerald-800`}>
        {message}
      </p>
    );
  return (
    <div role="alert" className={`${className} text-red-700`}>
      <p>{message}</p>
      <RequestId id={result.requestId} />
      {result.reconnect && (
        <Link href={result.reconnect} className="font-medium text-brand-700 underline">
          {t("signInAgain")}
        </Link>
      )}
    </div>
  );
}
