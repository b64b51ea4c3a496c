"use client";
// The deliveries filters (spec 4.5): attempt date in every form, event id, delivered or failed, sort
// and order, page size. Applying them puts them in the page URL and goes back to page 1.
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { DateFilterInput } from "@/components/events/date-filter-input";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import {
  checkDeliveryForm,
  DELIVERY_PAGE_SIZES,
  DEFAULT_DELIVERY_FILTERS,
  deliveryFiltersHref,
  type DeliveryFilters,
} from "@/lib/admin/delivery-filter-values";

const BASE = "/admin/webhooks";

export function DeliveryFiltersForm({
  filters,
  errors,
}: {
  filters: DeliveryFilters;
  errors: Record<string, string[]>;
}) {
  const router = useRouter();
  const id = useId();
  const t = useTranslations("admin.deliveryFilters");
  const say = useTranslations();
  const [attemptedAt, setAttemptedAt] = useState(filters.attempted_at ?? "");
  const [formErrors, setFormErrors] = useState<Record<string, string[]>>({});
  const shown = { ...errors, ...formErrors };

  function apply(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const checked = checkDeliveryForm({
      attempted_at: attemptedAt,
      event_id: data.get("event_id"),
      delivered: data.get("delivered"),
      sort: data.get("sort"),
      order: data.get("order"),
      size: data.get("size"),
    });
    if (!checked.ok) {
      setFormErrors(checked.errors);
      return;
    }
    setFormErrors({});
    router.push(deliveryFiltersHref(BASE, checked.filters));
  }

  const select = "rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm";
  return (
    <form
      onSubmit={apply}
      aria-label={t("label")}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <DateFilterInput value={filters.attempted_at} onChange={setAttemptedAt} />
          <p className="mt-1 text-xs text-slate-500">
            {attemptedAt ? t("dateHintValue", { value: attemptedAt }) : t("dateHint")}
          </p>
        </div>
        <div className="space-y-1 text-sm">
          <label htmlFor={`${id}-event_id`} className="block font-medium text-slate-700">
            {t("eventId")}
          </label>
          <input
            id={`${id}-event_id`}
            name="event_id"
            defaultValue={filters.event_id ?? ""}
            className={`${inputClass} w-56 font-mono`}
            aria-invalid={shown.event_id ? true : undefined}
          />
        </div>
        <div className="space-y-1 text-sm">
          <label htmlFor={`${id}-delivered`} className="block font-medium text-slate-700">
            {t("outcome")}
          </label>
          <select id={`${id}-delivered`} name="delivered" defaultValue={filters.delivered ?? ""} className={select}>
            <option value="">{t("either")}</option>
            <option value="true">{t("delivered")}</option>
            <option value="false">{t("failed")}</option>
          </select>
        </div>
        <div className="space-y-1 text-sm">
          <label htmlFor={`${id}-sort`} className="block font-medium text-slate-700">
            {t("sortBy")}
          </label>
          <select id={`${id}-sort`} name="sort" defaultValue={filters.sort} className={select}>
            <option value="attempted_at">{t("attemptTime")}</option>
            <option value="event_id">{t("eventId")}</option>
          </select>
        </div>
        <div className="space-y-1 text-sm">
          <label htmlFor={`${id}-order`} className="block font-medium text-slate-700">
            {t("order")}
          </label>
          <select id={`${id}-order`} name="order" defaultValue={filters.order} className={select}>
            <option value="DESC">{t("desc")}</option>
            <option value="ASC">{t("asc")}</option>
          </select>
        </div>
        <div className="space-y-1 text-sm">
          <label htmlFor={`${id}-size`} className="block font-medium text-slate-700">
            {t("perPage")}
          </label>
          <select id={`${id}-size`} name="size" defaultValue={String(filters.size)} className={select}>
            {DELIVERY_PAGE_SIZES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <Button type="submit" variant="primary">
            {t("apply")}
          </Button>
          <Button onClick={() => router.push(deliveryFiltersHref(BASE, DEFAULT_DELIVERY_FILTERS))}>{t("clear")}</Button>
        </div>
      </div>
      {Object.keys(shown).length > 0 && (
        <div role="alert">
          <ul className="list-inside list-disc text-sm text-red-700">
            {Object.entries(shown).map(([field, messages]) => (
              <li key={field}>{messages.map((m) => (say.has(m) ? say(m) : m)).join(" ")}</li>
            ))}
          </ul>
        </div>
      )}
    </form>
  );
}
