"use client";
// Enter or replace the clinic key. A password field (the key is a credential); the server tries it
// at the platform before storing it, and answers with a message the admin can act on. A refused key
// stays in the field (a form action would clear it) so that a typo can be mended, not retyped.
import { useActionState, useState } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { IDLE, type ActionResult } from "@/lib/results/result";
import { ActionMessage } from "@/components/ui/action-message";

export function ClinicKeyForm({
  action,
  replacing,
}: {
  action: (previous: ActionResult, form: FormData) => Promise<ActionResult>;
  replacing: boolean;
}) {
  const [typed, setTyped] = useState("");
  const [state, formAction, pending] = useActionState(async (previous: ActionResult, form: FormData) => {
    const result = await action(previous, form);
    if (result.ok) setTyped("");
    return result;
  }, IDLE);
  const t = useTranslations("admin.clinicKey");
  return (
    <form action={formAction} className="space-y-3" noValidate>
      <Field
        label={replacing ? t("newKey") : t("title")}
        hint={t("keyHint")}
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
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            required
          />
        )}
      </Field>
      <Button type="submit" variant="primary" busy={pending}>
        {replacing ? t("replace") : t("save")}
      </Button>
      <ActionMessage result={state} />
    </form>
  );
}
