"use client";
// Shown after sign-in to someone nothing names yet (the platform lists no people): the name their
// clinic knows them by, so pages and the history say who did what.
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/ui/field";
import { OneFieldForm } from "@/components/ui/one-field-form";
import type { ActionResult } from "@/lib/results/result";

export function OwnNameForm({ action }: { action: (previous: ActionResult, form: FormData) => Promise<ActionResult> }) {
  const t = useTranslations("home.ownName");
  return (
    <OneFieldForm
      action={action}
      name="name"
      label={t("label")}
      hint={t("hint")}
      submitLabel={t("save")}
      aria-label={t("label")}
      className="rounded-lg border border-amber-200 bg-amber-50 p-4"
    >
      {(props) => <input {...props} autoComplete="name" className={inputClass} />}
    </OneFieldForm>
  );
}
