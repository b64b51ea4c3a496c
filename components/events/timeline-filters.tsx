"use client";
// The timeline's filter bar: category, event type (narrowed to the category), date (with presets),
// and search in the event data (applied as you type, after a short pause).
import { useId } from "react";
import { useTranslations } from "next-intl";
import { EVENT_TYPES, eventTypesIn, type EventCategory } from "@/lib/contract/event-types";
import { TIMELINE_CATEGORIES } from "@/lib/events/categories";
import type { TimelineFilters } from "@/lib/events/timeline/filter-values";
import { categoryLabel, typeLabel } from "@/components/events/format";
import { DateFilterInput } from "@/components/events/date-filter-input";
import { DatePresets } from "@/components/events/date-presets";
import type { HistoryMode } from "@/components/ui/use-settled-typing";
import { useSearchBox } from "@/components/ui/use-search-box";

const SEARCH_PAUSE_MS = 300;
const control = "min-w-0 max-w-full rounded-md border border-slate-300 px-2 py-1.5 text-sm";

export function TimelineFiltersBar({
  value,
  onChange,
}: {
  value: TimelineFilters;
  onChange(next: TimelineFilters, mode?: HistoryMode): void;
}) {
  const search = useSearchBox(value, onChange, SEARCH_PAUSE_MS);
  const t = useTranslations("events.filters");
  const say = useTranslations();
  // Labels point at their controls by id: a label wrapped around a <select> would fold the chosen
  // option into the control's accessible name ("Category All categories").
  const ids = { category: useId(), type: useId(), search: useId() };

  const types =
    value.category && value.category !== "other" ? eventTypesIn(value.category as EventCategory) : EVENT_TYPES;
  return (
    <form
      role="search"
      aria-label={t("label")}
      className="flex flex-wrap items-end gap-4 rounded-lg border border-slate-200 bg-white p-4"
      onSubmit={(e) => e.preventDefault()}
    >
      <div className="flex max-w-full min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={ids.category}>{t("category")}</label>
        <select
          id={ids.category}
          className={control}
          value={value.category ?? ""}
          onChange={(e) =>
            onChange({
              ...value,
              category: (e.target.value || undefined) as TimelineFilters["category"],
              type: undefined,
            })
          }
        >
          <option value="">{t("allCategories")}</option>
          {TIMELINE_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c, say)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex max-w-full min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={ids.type}>{t("type")}</label>
        <select
          id={ids.type}
          className={control}
          value={value.type ?? ""}
          onChange={(e) => onChange({ ...value, type: e.target.value || undefined })}
          disabled={value.category === "other"}
        >
          <option value="">{t("allTypes")}</option>
          {types.map((type) => (
            <option key={type} value={type}>
              {typeLabel(type, say)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <DateFilterInput value={value.date} onChange={(date) => onChange({ ...value, date: date || undefined })} />
        <DatePresets value={value.date} onChange={(date) => onChange({ ...value, date })} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col sm:min-w-56 gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={ids.search}>{t("search")}</label>
        <input
          id={ids.search}
          type="search"
          className={control}
          placeholder={t("searchPlaceholder")}
          value={search.q}
          onChange={(e) => search.setQ(e.target.value)}
          onBlur={search.settle}
          maxLength={200}
        />
      </div>
    </form>
  );
}
