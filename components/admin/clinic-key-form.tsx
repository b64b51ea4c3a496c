"use client";
// Enter or replace the clinic key. A password field (the key is a credential); the server tries it
// at the platform before storing it, and answers with a message the admin can act on.
import { useActionState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { IDLE, type AdminActionResult } from "@/lib/admin/result";
import { ActionMessage } from "@/components/admin/action-message";

export function ClinicKeyForm({
  action,
  replacing,
}: {
  action: (previous: AdminActionResult, form: FormData) => Promise<AdminActionResult>;
  replacing: boolean;
}) {
  const [state, formAction, pending] = useActionState(action, IDLE);
  return (
    <form action={formAction} className="space-y-3" noValidate>
      <Field
        label={replacing ? "New clinic key" : "Clinic key"}
        hint="From the platform's dashboard for this clinic. It is stored encrypted and only its last four characters are shown."
        errors={state.ok ? undefined : state.errors.clinicKey}
      >
        {(props) => (
          <input
            {...props}
            name="clinicKey"
            type="password"
            autoComplete="off"
            spellCheck={false}
            className={`${inputClass} font-mono`}
            required
          />
        )}
      </Field>
      <Button type="submit" variant="primary" busy={pending}>
        {replacing ? "Replace the key" : "Save the key"}
      </Button>
      <ActionMessage state={state} />
    </form>
  );
}
