"use client";
// Resources the platform provides to every practitioner (read-only).
import { useLocale, useTranslations } from "next-intl";
import type { ServiceResourceRecord } from "@/lib/contract";
import { categoryLabel, fileFacts, typeLabel } from "@/lib/resources/record-view";

export function ServiceResourceTable({ resources }: { resources: ServiceResourceRecord[] }) {
  const t = useTranslations("resources.service");
  const say = useTranslations();
  const locale = useLocale();
  const detail = (r: ServiceResourceRecord) => {
    const kind = [typeLabel(r, say), categoryLabel(r, say)].filter(Boolean).join(" · ") || t("uncategorised");
    const { name, size } = fileFacts(r, locale);
    if (name && size) return t("detail", { kind, file: name, size });
    return name ? t("detailNameOnly", { kind, file: name }) : kind;
  };
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {resources.map((r) => (
        <li key={r.id} data-service-resource-id={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <a
            href={r.attachment_url}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 hover:underline"
          >
            {r.name}
          </a>
          <p className="text-xs text-slate-600">{detail(r)}</p>
          {r.description && <p className="mt-1 text-sm text-slate-700">{r.description}</p>}
        </li>
      ))}
    </ul>
  );
}
