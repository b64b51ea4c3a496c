"use client";
// A button that runs one admin server action (already bound to its target), asks first when the
// action cannot be undone, says what happened in a live region, and reloads the page's data.
import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { AdminActionResult } from "@/lib/admin/result";

interface ActionButtonProps {
  label: string;
  action: () => Promise<AdminActionResult>;
  /** Ask before running: the dialog's title and text. */
  confirm?: { title: string; description: ReactNode; confirmLabel: string };
  variant?: ButtonProps["variant"];
  /** Accessible name when the visible label needs the row's context, e.g. "Revoke Maya Ito". */
  ariaLabel?: string;
  onDone?: (result: AdminActionResult) => void;
  disabled?: boolean;
  /** Why it is disabled, shown as the button's tooltip. */
  disabledReason?: string;
}

export function ActionButton({
  label,
  action,
  confirm,
  variant = "secondary",
  ariaLabel,
  onDone,
  disabled,
  disabledReason,
}: ActionButtonProps) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [asking, setAsking] = useState(false);
  const [result, setResult] = useState<AdminActionResult | null>(null);
  const run = () =>
    start(async () => {
      const outcome = await action().catch((): AdminActionResult => ({
        ok: false,
        message: "The server did not answer. Check your connection and try again.",
        errors: {},
      }));
      setAsking(false);
      setResult(outcome);
      onDone?.(outcome);
      // A caller who is no longer an admin keeps the page and reads why; a reload would only say 404.
      if (outcome.ok || !outcome.notAdmin) router.refresh();
    });
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        size="sm"
        variant={variant}
        busy={pending}
        disabled={disabled}
        title={disabled ? disabledReason : undefined}
        aria-label={ariaLabel}
        onClick={() => (confirm ? setAsking(true) : run())}
      >
        {label}
      </Button>
      {confirm && (
        <ConfirmDialog
          open={asking}
          title={confirm.title}
          description={confirm.description}
          confirmLabel={confirm.confirmLabel}
          busy={pending}
          onConfirm={run}
          onCancel={() => setAsking(false)}
        />
      )}
      {result?.message && (
        <span
          role={result.ok ? "status" : "alert"}
          className={`max-w-xs text-xs ${result.ok ? "text-emerald-800" : "text-red-700"}`}
        >
          {result.message}
        </span>
      )}
    </span>
  );
}
