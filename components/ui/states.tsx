// Loading, empty and error states every list shows the same way. Errors say what happened in plain
// words, the platform's request id to quote to support, and where to sign in again when needed.
import Link from "next/link";
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-slate-600">
      <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
      {label}
    </p>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-medium text-slate-800">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
    </div>
  );
}

export interface ShownError {
  /** A sentence, or a catalog key with its values (a failure not yet said: lib/results/result.ts). */
  message: string;
  values?: Record<string, string | number>;
  requestId?: string;
  reconnect?: string;
}

export function RequestId({ id }: { id?: string }) {
  const t = useTranslations("states");
  if (!id) return null;
  return (
    <span className="block text-xs text-slate-600">
      {t.rich("requestId", { id, code: (chunks) => <code className="select-all font-mono">{chunks}</code> })}
    </span>
  );
}

export function ErrorState({ error, onRetry, title }: { error: ShownError; onRetry?: () => void; title?: string }) {
  const t = useTranslations("states");
  const say = useTranslations();
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">{title ?? t("errorTitle")}</p>
      {/* A message made in the browser (the app could not be reached) is still a catalog key. */}
      <p>{say.has(error.message) ? say(error.message, error.values) : error.message}</p>
      <RequestId id={error.requestId} />
      <div className="flex gap-2">
        {error.reconnect && (
          <Link href={error.reconnect} className="font-medium text-brand-700 underline">
            {t("signInAgainPlatform")}
          </Link>
        )}
        {onRetry && (
          <Button size="sm" onClick={onRetry}>
            {t("retry")}
          </Button>
        )}
      </div>
    </div>
  );
}
