"use client";
// The clinic's time zone, from the list of IANA zones. Until an admin has chosen one, the list starts
// on the admin's own browser zone (the server renders without it, the browser's hydration too, then
// it is read: useSyncExternalStore's server snapshot keeps the first renders the same).
import { useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/ui/field";
import { OneFieldForm } from "@/components/ui/one-field-form";
import type { ActionResult } from "@/lib/actions/result";
import { currentZoneName } from "@/lib/format/time-zone";

const noChanges = () => () => {};
const browserTimeZone = () => currentZoneName(Intl.DateTimeFormat().resolvedOptions().timeZone);

export function TimeZoneForm({
  action,
  current,
  chosen,
  choices,
}: {
  action: (previous: ActionResult, form: FormData) => Promise<ActionResult>;
  current: string;
  chosen: boolean;
  choices: string[];
}) {
  const t = useTranslations("admin.settings");
  const browserZone = useSyncExternalStore(noChanges, browserTimeZone, () => null);
  const [picked, setPicked] = useState<string | null>(null);
  const offered = !chosen && browserZone && choices.includes(browserZone) ? browserZone : null;
  const value = picked ?? offered ?? current;
  const hint =
    offered && offered !== current
      ? t("browserOffered", { zone: offered })
      : browserZone
        ? t("browserIn", { zone: browserZone })
        : undefined;
  return (
    <OneFieldForm action={action} name="timeZone" label={t("label")} hint={hint}>
      {(props) => (
        <select {...props} value={value} onChange={(e) => setPicked(e.target.value)} className={inputClass}>
          {choices.map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll("_", " ")}
            </option>
          ))}
        </select>
      )}
    </OneFieldForm>
  );
}
