"use client";
// Page controls for a list the server pages: previous/next, where we are, and optionally the page
// size. Works from the platform's `meta` (spec 2.6).
import { useId } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

export interface PageMeta {
  current_page: number;
  next_page: number | null;
  prev_page: number | null;
  total_pages: number;
  total_count: number;
}

interface PaginationProps {
  meta: PageMeta;
  onPage: (page: number) => void;
  /** What is counted (the catalogs' `pagination.nouns.*`). */
  noun: "deliveries" | "entries" | "patients" | "platformResources" | "resources";
  size?: number;
  sizes?: readonly number[];
  onSize?: (size: number) => void;
  busy?: boolean;
}

export function Pagination({ meta, onPage, noun, size, sizes, onSize, busy }: PaginationProps) {
  const sizeId = useId();
  const t = useTranslations("pagination");
  const pages = Math.max(meta.total_pages, 1);
  return (
    <nav aria-label={t("label", { noun })} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite" className="text-slate-600">
        {t("where", { page: Math.min(meta.current_page, pages), pages, count: meta.total_count, noun })}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        {sizes && onSize && size !== undefined && (
          <span className="flex items-center gap-1">
            <label htmlFor={sizeId} className="text-slate-600">
              {t("perPage")}
            </label>
            <select
              id={sizeId}
              value={size}
              onChange={(e) => onSize(Number(e.target.value))}
              className="rounded-md border border-slate-300 bg-white px-2 py-1"
            >
              {sizes.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </span>
        )}
        <Button
          size="sm"
          disabled={busy || meta.prev_page === null}
          onClick={() => meta.prev_page && onPage(meta.prev_page)}
        >
          {t("previous")}
        </Button>
        <Button
          size="sm"
          disabled={busy || meta.next_page === null}
          onClick={() => meta.next_page && onPage(meta.next_page)}
        >
          {t("next")}
        </Button>
      </div>
    </nav>
  );
}
