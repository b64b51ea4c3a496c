"use client";
// Where the signed-in admin wants alerts emailed. Empty removes the address.
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/ui/field";
import { OneFieldForm } from "@/components/ui/one-field-form";
import type { ActionResult } from "@/lib/results/result";

export function AlertEmailForm({
  action,
  current,
}: {
  action: (previous: ActionResult, form: FormData) => Promise<ActionResult>;
  current: string | null;
}) {
  const t = useTranslations("alerts.form");
  return (
    <OneFieldForm action={action} name="email" label={t("label")} hint={t("hint")}>
      {(props) => (
        <input {...props} type="email" autoComplete="email" defaultValue={current ?? ""} className={inputClass} />
      )}
    </OneFieldForm>
  );
}
