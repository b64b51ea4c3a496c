"use client";
// Resources the platform provides to every practitioner (read-only).
import type { ServiceResourceRecord } from "@/lib/contract";
import { formatBytes } from "@/lib/resources/file-check";

export function ServiceResourceTable({ resources }: { resources: ServiceResourceRecord[] }) {
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
            {[r.type, r.category].filter(Boolean).join(" · ") || "Uncategorised"} · {r.attachment.file_name} (
            {formatBytes(r.attachment.byte_size)})
          </p>
          {r.description && <p className="mt-1 text-sm text-slate-700">{r.description}</p>}
        </li>
      ))}
    </ul>
  );
}
