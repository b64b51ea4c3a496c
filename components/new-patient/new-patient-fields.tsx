"use client";
// The fields of a new patient, each labelled, with its hint and its errors linked for screen readers
// (components/ui/field.tsx). The words say what the platform does with each: the email is the
// patient's sign-in there and must be their own; the welcome email invites them; the discount is
// theirs alone, on top of the clinic's.
import type { ReactNode } from "react";
import { useTranslations } from "next-intl";
import { Field, inputClass } from "@/components/ui/field";
import { PATIENT_DISCOUNT_MAX, PATIENT_GENDERS } from "@/lib/contract/patient-values";

export interface NewPatientValues {
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
  gender: string;
  mobile_number: string;
  discount: string;
  send_welcome_email: boolean;
}

type TextField = Exclude<keyof NewPatientValues, "send_welcome_email">;

export function NewPatientFields({
  values,
  onChange,
  errors,
  disabled,
  afterEmail,
}: {
  values: NewPatientValues;
  onChange: (values: NewPatientValues) => void;
  errors: Record<string, string[]>;
  disabled: boolean;
  /** Said right under the email field (the way forward when the address is taken). */
  afterEmail?: ReactNode;
}) {
  const t = useTranslations("newPatient.fields");
  const text = (name: TextField) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [name]: e.target.value }),
    className: inputClass,
  });
  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
      <legend className="sr-only">{t("legend")}</legend>
      <Field label={t("firstName")} errors={errors.first_name}>
        {(p) => <input {...p} {...text("first_name")} autoComplete="off" required maxLength={100} />}
      </Field>
      <Field label={t("lastName")} errors={errors.last_name}>
        {(p) => <input {...p} {...text("last_name")} autoComplete="off" required maxLength={100} />}
      </Field>
      <div className="space-y-2 sm:col-span-2">
        <Field label={t("email")} hint={t("emailHint")} errors={errors.email}>
          {(p) => (
            <input
              {...p}
              {...text("email")}
              type="email"
              autoComplete="off"
              spellCheck={false}
              required
              maxLength={254}
            />
          )}
        </Field>
        {afterEmail}
      </div>
      <Field label={t("birthDate")} errors={errors.date_of_birth}>
        {(p) => <input {...p} {...text("date_of_birth")} type="date" min="1900-01-01" />}
      </Field>
      <Field label={t("gender")} hint={t("genderHint")} errors={errors.gender}>
        {(p) => (
          <select {...p} {...text("gender")}>
            <option value="">{t("genderNone")}</option>
            {PATIENT_GENDERS.map((g) => (
              <option key={g} value={g}>
                {t(`genders.${g}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("mobile")} hint={t("mobileHint")} errors={errors.mobile_number}>
        {(p) => (
          <input {...p} {...text("mobile_number")} type="tel" autoComplete="off" inputMode="tel" maxLength={30} />
        )}
      </Field>
      <Field label={t("discount")} hint={t("discountHint", { max: PATIENT_DISCOUNT_MAX })} errors={errors.discount}>
        {(p) => <input {...p} {...text("discount")} inputMode="decimal" maxLength={6} />}
      </Field>
      <div className="space-y-1 sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="send_welcome_email"
            className="h-4 w-4 accent-brand-600"
            checked={values.send_welcome_email}
            onChange={(e) => onChange({ ...values, send_welcome_email: e.target.checked })}
            aria-describedby="new-patient-welcome-hint"
          />
          {t("welcome")}
        </label>
        <p id="new-patient-welcome-hint" className="text-xs text-slate-600">
          {t("welcomeHint")}
        </p>
      </div>
    </fieldset>
  );
}
