"use client";
// Where the signed-in admin wants alerts emailed. Empty removes the address.
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { IDLE, type ActionResult } from "@/lib/actions/result";
import { ActionMessage } from "@/components/ui/action-message";

export function AlertEmailForm({
  action,
  current,
}: {
  action: (previous: ActionResult, form: FormData) => Promise<ActionResult>;
  current: string | null;
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3" noValidate>
      <Field
        label="Your email address for alerts"
        hint="Only you change it; leave it empty to stop alert emails to you."
        errors={state.ok ? undefined : state.errors.email}
        className="min-w-64 flex-1"
      >
        {(props) => (
          <input
            {...props}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={current ?? ""}
            className={inputClass}
          />
        )}
      </Field>
      <Button type="submit" variant="primary" busy={pending}>
        Save
      </Button>
      <ActionMessage result={state} className="basis-full text-sm" />
    </form>
  );
}
