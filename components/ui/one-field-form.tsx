"use client";
// A form of one labelled field saved by a server action, its answer said below it (the alert email,
// the clinic's time zone, a person's own name).
import { useActionState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, type ControlProps } from "@/components/ui/field";
import { ActionMessage } from "@/components/ui/action-message";
import { IDLE, type ActionResult } from "@/lib/results/result";

export function OneFieldForm({
  action,
  name,
  label,
  hint,
  submitLabel,
  className = "",
  "aria-label": ariaLabel,
  children,
}: {
  action: (previous: ActionResult, form: FormData) => Promise<ActionResult>;
  /** The field's name: its errors are the answer's errors of that name. */
  name: string;
  label: string;
  hint?: ReactNode;
  /** The button's words; "Save" unless given. */
  submitLabel?: string;
  /** Classes added to the form's own (a panel around it, say). */
  className?: string;
  "aria-label"?: string;
  children: (props: ControlProps & { name: string }) => ReactNode;
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  const t = useTranslations("states");
  return (
    <form
      action={formAction}
      aria-label={ariaLabel}
      className={`flex flex-wrap items-end gap-3 ${className}`.trim()}
      noValidate
    >
      <Field label={label} hint={hint} errors={state.ok ? undefined : state.errors[name]} className="min-w-64 flex-1">
        {(props) => children({ ...props, name })}
      </Field>
      <Button type="submit" variant="primary" busy={pending}>
        {submitLabel ?? t("save")}
      </Button>
      <ActionMessage result={state} className="basis-full text-sm" />
    </form>
  );
}
