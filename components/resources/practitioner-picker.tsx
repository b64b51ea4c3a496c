"use client";
// Staff pick the practitioner they act for before anything else, by name: the clinic's directory and
// the practitioners the platform shows on the clinic's patients (lib/resources/practitioners.ts).
import { useTranslations } from "next-intl";
import { Field, inputClass } from "@/components/ui/field";
import type { Say } from "@/lib/i18n/say";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { shownError } from "@/lib/results/client";
import { usePractitioners } from "@/components/resources/use-resources";
import type { PractitionerOption } from "@/lib/resources/practitioners";

export function practitionerLabel(p: PractitionerOption, say: Say): string {
  return p.name
    ? say("resources.picker.option", { name: p.name, patients: p.patientCount })
    : say("resources.picker.optionUnnamed", { id: p.id, patients: p.patientCount });
}

export function PractitionerPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const list = usePractitioners(true);
  const t = useTranslations("resources.picker");
  const say = useTranslations();
  if (list.isPending) return <LoadingState label={t("loading")} />;
  if (list.isError)
    return <ErrorState title={t("loadFailed")} error={shownError(list.error)} onRetry={() => void list.refetch()} />;
  return (
    <Field label={t("label")} hint={t("hint")}>
      {(p) => (
        <select
          {...p}
          className={`${inputClass} max-w-xl`}
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">{t("choose")}</option>
          {list.data.map((o) => (
            <option key={o.id} value={o.id}>
              {practitionerLabel(o, say)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
