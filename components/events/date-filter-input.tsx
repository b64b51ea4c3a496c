"use client";
// Every date form of spec 4 as plain controls: any time, on a day, before, after, or between two
// days. Produces the filter string (`2026-01-10`, `<…`, `>…`, `a..b`) or "" for any time.
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import { formatDateFilter, parseDateFilter } from "@/lib/contract/date-filter";

type Mode = "any" | "on" | "before" | "after" | "between";

function fromString(value: string | undefined): { mode: Mode; a: string; b: string } {
  const parsed = value ? parseDateFilter(value) : null;
  if (!parsed?.ok) return { mode: "any", a: "", b: "" };
  const f = parsed.filter;
  return f.kind === "between" ? { mode: "between", a: f.from, b: f.to } : { mode: f.kind, a: f.date, b: "" };
}

function toString(mode: Mode, a: string, b: string): string | null {
  if (mode === "any") return "";
  if (!a) return null;
  if (mode === "on") return formatDateFilter({ kind: "on", date: a });
  if (mode === "before") return formatDateFilter({ kind: "before", date: a });
  if (mode === "after") return formatDateFilter({ kind: "after", date: a });
  if (!b || a > b) return null;
  return formatDateFilter({ kind: "between", from: a, to: b });
}

export function DateFilterInput({ value, onChange }: { value: string | undefined; onChange(value: string): void }) {
  const [state, setState] = useState(() => fromString(value));
  const t = useTranslations("events.date");
  // A filter set from elsewhere (a day picked on the chart) shows here; the one this form just sent
  // back does not reset what is being typed.
  const sent = useRef(value ?? "");
  useEffect(() => {
    if ((value ?? "") === sent.current) return;
    sent.current = value ?? "";
    setState(fromString(value));
  }, [value]);
  const incomplete = toString(state.mode, state.a, state.b) === null;
  const update = (next: typeof state) => {
    setState(next);
    const s = toString(next.mode, next.a, next.b);
    if (s !== null) {
      sent.current = s;
      onChange(s);
    }
  };
  const input = "min-w-0 max-w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";
  return (
    <fieldset className="flex min-w-0 flex-wrap items-end gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-700">{t("legend")}</legend>
      <label className="sr-only" htmlFor="date-mode">
        {t("filter")}
      </label>
      <select
        id="date-mode"
        className={input}
        value={state.mode}
        onChange={(e) => update({ ...state, mode: e.target.value as Mode })}
      >
        {(["any", "on", "before", "after", "between"] as const).map((mode) => (
          <option key={mode} value={mode}>
            {t(`modes.${mode}`)}
          </option>
        ))}
      </select>
      {state.mode !== "any" && (
        <input
          aria-label={state.mode === "between" ? t("from") : t("day")}
          type="date"
          className={input}
          value={state.a}
          onChange={(e) => update({ ...state, a: e.target.value })}
        />
      )}
      {state.mode === "between" && (
        <input
          aria-label={t("to")}
          type="date"
          className={input}
          value={state.b}
          onChange={(e) => update({ ...state, b: e.target.value })}
        />
      )}
      {/* Said once something is typed: an empty form is a question, not a mistake. */}
      {state.mode !== "any" && incomplete && Boolean(state.a || state.b) && (
        <span role="status" className="text-xs text-amber-700">
          {state.mode === "between" ? t("pickTwo") : t("pickOne")}
        </span>
      )}
    </fieldset>
  );
}
