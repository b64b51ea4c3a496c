"use client";
// A platform id as secondary detail: muted, monospaced, selectable whole, with a button that copies
// it (for support). Never a record's only label where the app knows a name.
import { useState } from "react";
import { useTranslations } from "next-intl";

export function IdText({ id, className = "" }: { id: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const t = useTranslations("states");
  return (
    <span className={`inline-flex items-center gap-1 font-mono text-xs text-slate-500 ${className}`}>
      <span className="select-all" data-id={id}>
        {id}
      </span>
      <button
        type="button"
        className="rounded px-1 text-slate-400 hover:text-slate-700 focus:outline-2 focus:outline-brand-600"
        aria-label={t("copyId", { id })}
        title={t("copy")}
        onClick={() => {
          void navigator.clipboard?.writeText(id).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1500);
          });
        }}
      >
        {copied ? "✓" : "⧉"}
      </button>
    </span>
  );
}

/** A name with its id after it as secondary detail; the id alone (muted) when there is no name. */
export function NameWithId({ name, id }: { name: string | null | undefined; id: string }) {
  if (!name) return <IdText id={id} />;
  return (
    <span>
      <span className="font-medium text-slate-900">{name}</span> <IdText id={id} className="ml-1" />
    </span>
  );
}
