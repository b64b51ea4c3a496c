// Loading, empty and error states every list shows the same way. Errors say what happened in plain
// words, the platform's request id to quote to support, and where to sign in again when needed.
import Link from "next/link";
import type { ReactNode } from "react";
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
  message: string;
  requestId?: string;
  reconnect?: string;
}

export function RequestId({ id }: { id?: string }) {
  if (!id) return null;
  return (
    <span className="block text-xs text-slate-600">
      Request id: <code className="select-all font-mono">{id}</code>
    </span>
  );
}

export function ErrorState({
  error,
  onRetry,
  title = "Something went wrong",
}: {
  error: ShownError;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
      <p className="font-medium">{title}</p>
      <p>{error.message}</p>
      <RequestId id={error.requestId} />
      <div className="flex gap-2">
        {error.reconnect && (
          <Link href={error.reconnect} className="font-medium text-brand-700 underline">
            Sign in with the platform again
          </Link>
        )}
        {onRetry && (
          <Button size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </div>
    </div>
  );
}
