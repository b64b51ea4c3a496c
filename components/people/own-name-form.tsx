"use client";
// Shown after sign-in to someone nothing names yet (the platform lists no people): the name their
// clinic knows them by, so pages and the history say who did what.
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { IDLE, type ActionResult } from "@/lib/actions/result";
import { ActionMessage } from "@/components/ui/action-message";

export function OwnNameForm({ action }: { action: (previous: ActionResult, form: FormData) => Promise<ActionResult> }) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  return (
    <form
      action={formAction}
      aria-label="Your name"
      className="flex flex-wrap items-end gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
      noValidate
    >
      <Field
        label="Your name"
        hint="The platform does not tell us your name. How should your colleagues see you here?"
        errors={state.ok ? undefined : state.errors.name}
        className="min-w-64 flex-1"
      >
        {(props) => <input {...props} name="name" autoComplete="name" className={inputClass} />}
      </Field>
      <Button type="submit" variant="primary" busy={pending}>
        Save my name
      </Button>
      <ActionMessage result={state} className="basis-full text-sm" />
    </form>
  );
}
