"use client";
// A platform id as secondary detail: muted, monospaced, selectable whole, with a button that copies
// it (for support). Never a record's only label where the app knows a name.
import { useState, type ReactNode } from "react";
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
        {/* Drawn, not a character: "⧉" is missing from common fonts and showed as an empty box. */}
        {copied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </span>
  );
}

/** A small line icon drawn in the text's colour. */
function Icon({ strokeWidth, children }: { strokeWidth: number; children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      className="h-3.5 w-3.5"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
    >
      {children}
    </svg>
  );
}

const CopyIcon = () => (
  <Icon strokeWidth={1.5}>
    <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
    <path d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H3A1.5 1.5 0 0 0 1.5 3v6A1.5 1.5 0 0 0 3 10.5h.5" />
  </Icon>
);

const CheckIcon = () => (
  <Icon strokeWidth={2}>
    <path d="M3 8.5l3.5 3.5L13 5" strokeLinecap="round" strokeLinejoin="round" />
  </Icon>
);

/**
 * A record's name in a list: the name alone (ids belong to detail views), or `unknown` muted when
 * the app has no name for it, the id then in its tooltip for support.
 */
export function ListName({ name, id, unknown }: { name: string | null | undefined; id: string; unknown: string }) {
  if (name) return <span className="font-medium text-slate-900">{name}</span>;
  return (
    <span className="text-slate-500" title={id}>
      {unknown}
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
