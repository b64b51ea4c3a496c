"use client";
// The "Add a patient" form. Every field is held here, so nothing typed is lost when the server
// refuses (a form action would reset it). After a refusal the first field at fault gets the focus
// (or the message, when no field is named); "email already taken" offers, under the email, the
// patient who has it (found by that address in the patients list). On
// success a toast says so and the new patient's page opens.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useActionState, useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { ActionMessage } from "@/components/ui/action-message";
import { NewPatientFields, type NewPatientValues } from "@/components/new-patient/new-patient-fields";
import { IDLE, type ActionResult } from "@/lib/results/result";
import { NEW_PATIENT_FIELDS } from "@/lib/new-patient/fields";

type Result = ActionResult<{ id: string } | null>;

const EMPTY: NewPatientValues = {
  first_name: "",
  last_name: "",
  email: "",
  date_of_birth: "",
  gender: "",
  mobile_number: "",
  discount: "",
  send_welcome_email: true,
};

export function NewPatientForm({ action }: { action: (previous: unknown, form: FormData) => Promise<Result> }) {
  const t = useTranslations("newPatient");
  const router = useRouter();
  const [values, setValues] = useState(EMPTY);
  // The address the platform refused, as sent: the way forward names it even while it is retyped.
  const [sentEmail, setSentEmail] = useState("");
  const form = useRef<HTMLFormElement>(null);
  const message = useRef<HTMLDivElement>(null);
  const [state, formAction, pending] = useActionState(async (previous: Result, data: FormData): Promise<Result> => {
    setSentEmail(String(data.get("email") ?? "").trim());
    const result = await action(previous, data);
    if (result.ok && result.data) {
      if (result.message) toast.success(result.message);
      router.push(`/patients/${encodeURIComponent(result.data.id)}`);
    }
    return result;
  }, IDLE);

  useEffect(() => {
    if (state.ok) return;
    const first = NEW_PATIENT_FIELDS.find((f) => state.errors[f]?.length);
    const control = first ? form.current?.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
    else message.current?.focus();
  }, [state]);

  const taken = !state.ok && state.code === "refused" && Boolean(state.errors.email);
  const errors = state.ok ? {} : state.errors;
  return (
    <form ref={form} action={formAction} className="space-y-5" noValidate aria-describedby="new-patient-required">
      <p id="new-patient-required" className="text-sm text-slate-600">
        {t("required")}
      </p>
      <NewPatientFields
        values={values}
        onChange={setValues}
        errors={errors}
        disabled={pending}
        afterEmail={
          taken && (
            <p className="text-sm text-slate-800">
              {t.rich("taken", {
                email: sentEmail,
                link: (chunks) => (
                  <Link
                    href={`/patients?q=${encodeURIComponent(sentEmail)}`}
                    className="font-medium text-brand-700 underline"
                  >
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          )
        }
      />
      <div ref={message} tabIndex={-1} className="space-y-2 outline-none">
        <ActionMessage result={state.ok ? IDLE : state} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" busy={pending}>
          {pending ? t("adding") : t("add")}
        </Button>
        <Link href="/patients" className="text-sm text-brand-700 hover:underline">
          {t("cancel")}
        </Link>
      </div>
    </form>
  );
}
