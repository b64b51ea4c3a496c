"use client";
// The clinic's time zone, from the list of IANA zones. Until an admin has chosen one, the list starts
// on the admin's own browser zone (the server renders without it, the browser's hydration too, then
// it is read: useSyncExternalStore's server snapshot keeps the first renders the same). A search
// box narrows the long list to the zones whose name holds what is typed ("vanc", "paris"). A zone
// picked before hydration is kept.
import { useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslations } from "next-intl";
import { inputClass } from "@/components/ui/field";
import { OneFieldForm } from "@/components/ui/one-field-form";
import type { ActionResult } from "@/lib/results/result";
import { currentZoneName } from "@/lib/format/time-zone";

const noChanges = () => () => {};
/** What is typed as zone names spell it: "new york" finds America/New_York. */
const searchable = (typed: string) => typed.trim().toLowerCase().replaceAll(" ", "_");
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
  const [query, setQuery] = useState("");
  const searchId = useId();
  const offered = !chosen && browserZone && choices.includes(browserZone) ? browserZone : null;
  const value = picked ?? offered ?? current;
  const hint =
    offered && offered !== current
      ? t("browserOffered", { zone: offered })
      : browserZone
        ? t("browserIn", { zone: browserZone })
        : undefined;
  const words = searchable(query);
  const matching = words ? choices.filter((zone) => zone.toLowerCase().includes(words)) : choices;
  // The zone in the field stays listed whatever is typed, so the select never shows another one.
  const shown = matching.includes(value) ? matching : [value, ...matching];
  // A zone chosen before the page's script ran (a slow connection, a busy computer) is in the list
  // but not in this state: the next render would put the saved zone back, and Save would send that.
  // Read once, as hydration ends and before that render.
  const select = useRef<HTMLSelectElement>(null);
  const serverValue = useRef(value);
  useLayoutEffect(() => {
    const early = select.current?.value;
    if (early && early !== serverValue.current) setPicked(early);
  }, []);
  const pickFirstOf = (typed: string) => {
    const first = choices.find((zone) => typed && zone.toLowerCase().includes(typed));
    if (first) setPicked(first);
  };
  return (
    <div className="space-y-3">
      <div className="flex max-w-md flex-col gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={searchId}>{t("search")}</label>
        <input
          id={searchId}
          type="search"
          className={inputClass}
          value={query}
          placeholder={t("searchPlaceholder")}
          onChange={(e) => {
            setQuery(e.target.value);
            pickFirstOf(searchable(e.target.value));
          }}
          onKeyDown={(e) => {
            // Enter picks the first match rather than saving the form it is not part of.
            if (e.key === "Enter") {
              e.preventDefault();
              pickFirstOf(words);
            }
          }}
          maxLength={64}
        />
        <span role="status" className="text-xs font-normal text-slate-600">
          {words ? t("searchCount", { count: matching.length }) : ""}
        </span>
      </div>
      <OneFieldForm action={action} name="timeZone" label={t("label")} hint={hint}>
        {(props) => (
          <select
            {...props}
            ref={select}
            value={value}
            onChange={(e) => setPicked(e.target.value)}
            className={inputClass}
          >
            {shown.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
        )}
      </OneFieldForm>
    </div>
  );
}
