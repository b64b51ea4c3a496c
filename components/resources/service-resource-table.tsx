"use client";
// Resources the platform provides to every practitioner (read-only).
import { useLocale, useTranslations } from "next-intl";
import type { ServiceResourceRecord } from "@/lib/contract";
import { formatBytes } from "@/lib/resources/file-check";

export function ServiceResourceTable({ resources }: { resources: ServiceResourceRecord[] }) {
  const t = useTranslations("resources.service");
  const say = useTranslations();
  const locale = useLocale();
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {resources.map((r) => (
        <li key={r.id} data-service-resource-id={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <a
            href={r.attachment.url}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 hover:underline"
          >
            {r.name}
          </a>
          <p className="text-xs text-slate-600">
            {t("detail", {
              kind:
                [r.type && say(`resources.types.${r.type}`), r.category && say(`resources.categories.${r.category}`)]
                  .filter(Boolean)
                  .join(" · ") || t("uncategorised"),
              file: r.attachment.file_name,
              size: formatBytes(r.attachment.byte_size, locale),
            })}
          </p>
          {r.description && <p className="mt-1 text-sm text-slate-700">{r.description}</p>}
        </li>
      ))}
    </ul>
  );
}
