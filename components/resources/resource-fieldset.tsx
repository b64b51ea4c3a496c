"use client";
// The fields of one resource (name, type, category, treatment plan, save to library), shared by the
// upload list and the edit dialog. Treatment plans come from the platform when it lists them;
// otherwise the plan's id can be typed.
import { useTranslations } from "next-intl";
import { Field, inputClass } from "@/components/ui/field";
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from "@/lib/contract/resource-values";
import type { ResourceEdit } from "@/lib/resources/fields";
import type { TreatmentPlanOption } from "@/lib/resources/treatment-plans";

interface Props {
  value: ResourceEdit;
  onChange: (value: ResourceEdit) => void;
  errors?: Record<string, string[]>;
  plans?: TreatmentPlanOption[];
  disabled?: boolean;
}

export function ResourceFieldset({ value, onChange, errors = {}, plans, disabled }: Props) {
  const t = useTranslations("resources.fields");
  const say = useTranslations();
  const set = (patch: Partial<ResourceEdit>) => onChange({ ...value, ...patch });
  const plan = value.treatment_plan_id ?? "";
  const planOptions =
    plans && plan && !plans.some((p) => p.id === plan) ? [{ id: plan, label: plan }, ...plans] : plans;
  return (
    <fieldset disabled={disabled} className="grid gap-3 sm:grid-cols-2">
      <Field label={t("name")} errors={errors.name} className="sm:col-span-2">
        {(p) => (
          <input
            {...p}
            className={inputClass}
            value={value.name}
            onChange={(e) => set({ name: e.target.value })}
            required
            maxLength={255}
          />
        )}
      </Field>
      <Field label={t("type")} errors={errors.type}>
        {(p) => (
          <select
            {...p}
            className={inputClass}
            value={value.type ?? ""}
            onChange={(e) => set({ type: e.target.value as ResourceEdit["type"] })}
          >
            <option value="">{t("noType")}</option>
            {RESOURCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {say(`resources.types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("category")} errors={errors.category}>
        {(p) => (
          <select
            {...p}
            className={inputClass}
            value={value.category ?? ""}
            onChange={(e) => set({ category: e.target.value as ResourceEdit["category"] })}
          >
            <option value="">{t("noCategory")}</option>
            {RESOURCE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {say(`resources.categories.${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("plan")} errors={errors.treatment_plan_id} hint={planOptions ? undefined : t("planHint")}>
        {(p) =>
          planOptions ? (
            <select
              {...p}
              className={inputClass}
              value={plan}
              onChange={(e) => set({ treatment_plan_id: e.target.value })}
            >
              <option value="">{t("noPlan")}</option>
              {planOptions.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              {...p}
              className={inputClass}
              value={plan}
              onChange={(e) => set({ treatment_plan_id: e.target.value })}
            />
          )
        }
      </Field>
      <div className="flex items-end pb-2">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="h-4 w-4 accent-brand-600"
            checked={value.save_to_library === "true"}
            onChange={(e) => set({ save_to_library: e.target.checked ? "true" : "false" })}
          />
          {t("saveToLibrary")}
        </label>
      </div>
    </fieldset>
  );
}
