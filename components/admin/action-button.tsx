"use client";
// A button that runs one admin server action (already bound to its target), asks first when the
// action cannot be undone, confirms success with a toast (and says it beside the button), says a
// failure in an alert beside it, and reloads the page's data.
import { useRouter } from "next/navigation";
import { useState, useTransition, type ReactNode } from "react";
import { toast } from "sonner";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { failure, type ActionResult } from "@/lib/results/result";
import { ActionMessage } from "@/components/ui/action-message";

const UNANSWERED = failure("unavailable", "admin.unanswered");

interface ActionButtonProps {
  label: string;
  action: () => Promise<ActionResult>;
  /** Ask before running: the dialog's title and text. */
  confirm?: { title: string; description: ReactNode; confirmLabel: string };
  variant?: ButtonProps["variant"];
  /** Accessible name when the visible label needs the row's context, e.g. "Revoke Maya Ito". */
  ariaLabel?: string;
  onDone?: (result: ActionResult) => void;
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
  const [result, setResult] = useState<ActionResult | null>(null);
  const run = () =>
    start(async () => {
      const outcome = await action().catch(() => UNANSWERED);
      setAsking(false);
      setResult(outcome);
      if (outcome.ok && outcome.message) toast.success(outcome.message);
      onDone?.(outcome);
      // A caller who is no longer an admin (or signed in) keeps the page and reads why; a reload
      // would only say 404 or leave for the sign-in page.
      if (outcome.ok || (outcome.code !== "forbidden" && outcome.code !== "sign-in")) router.refresh();
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
      {result && <ActionMessage result={result} className="max-w-xs text-xs" toasted />}
    </span>
  );
}
