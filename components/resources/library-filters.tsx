"use client";
// Type, category and name search for a resource list. The search waits for a pause in typing.
import { useTranslations } from "next-intl";
import { Field, inputClass } from "@/components/ui/field";
import { RESOURCE_CATEGORIES, RESOURCE_TYPES } from "@/lib/contract/resource-values";
import type { ResourceListFilter } from "@/lib/resources/fields";
import type { HistoryMode } from "@/components/ui/use-settled-typing";
import { useSearchBox } from "@/components/ui/use-search-box";

interface Props {
  value: ResourceListFilter;
  onChange: (value: ResourceListFilter, mode?: HistoryMode) => void;
}

export function LibraryFilters({ value, onChange }: Props) {
  const search = useSearchBox(value, onChange);
  const t = useTranslations("resources.filters");
  const say = useTranslations();
  return (
    <div role="search" className="grid gap-3 sm:grid-cols-3">
      <Field label={t("search")}>
        {(p) => (
          <input
            {...p}
            type="search"
            className={inputClass}
            value={search.q}
            onChange={(e) => search.setQ(e.target.value)}
            onBlur={search.settle}
            maxLength={100}
          />
        )}
      </Field>
      <Field label={t("type")}>
        {(p) => (
          <select
            {...p}
            className={inputClass}
            value={value.type ?? ""}
            onChange={(e) => onChange({ ...value, type: (e.target.value || undefined) as ResourceListFilter["type"] })}
          >
            <option value="">{t("allTypes")}</option>
            {RESOURCE_TYPES.map((type) => (
              <option key={type} value={type}>
                {say(`resources.types.${type}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t("category")}>
        {(p) => (
          <select
            {...p}
            className={inputClass}
            value={value.category ?? ""}
            onChange={(e) =>
              onChange({ ...value, category: (e.target.value || undefined) as ResourceListFilter["category"] })
            }
          >
            <option value="">{t("allCategories")}</option>
            {RESOURCE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {say(`resources.categories.${c}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}
