// Staff choose whose plans to see, by name: the same practitioners, and the same words, as the
// resources page's picker (its server-side twin: that one is a client component). A plain GET form,
// so it works before any script has loaded.
import { getTranslations } from "next-intl/server";
import type { PractitionerOption } from "@/lib/resources/practitioners";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";

export async function PractitionerChoice({ options, value }: { options: PractitionerOption[]; value?: string }) {
  const t = await getTranslations("resources.picker");
  const plans = await getTranslations("plans");
  return (
    <form method="get" action="/plans" className="flex flex-wrap items-start gap-3">
      <Field label={plans("pickerLabel")} hint={plans("pickerHint")} className="w-full max-w-xl">
        {(p) => (
          <select {...p} name="practitioner" defaultValue={value ?? ""} className={inputClass} required>
            <option value="">{t("choose")}</option>
            {options.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name
                  ? t("option", { name: o.name, patients: o.patientCount })
                  : t("optionUnnamed", { id: o.id, patients: o.patientCount })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Button type="submit" className="sm:mt-6">
        {plans("show")}
      </Button>
    </form>
  );
}
