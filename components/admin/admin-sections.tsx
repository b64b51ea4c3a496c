"use client";
// The admin console's sections as links (each is its own page, so a section can be bookmarked and
// reloaded); the current one is marked for screen readers with aria-current. On a phone they are one
// row that scrolls sideways, the current one scrolled into view, rather than four rows of tabs.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { ADMIN_SECTIONS } from "@/lib/admin/sections";

export function AdminSections() {
  const pathname = usePathname();
  const t = useTranslations("admin.sections");
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [pathname]);
  return (
    <nav
      ref={nav}
      aria-label={t("label")}
      className="flex gap-1 overflow-x-auto border-b border-slate-200 whitespace-nowrap md:flex-wrap md:overflow-visible"
    >
      {ADMIN_SECTIONS.map((s) => {
        const active = pathname === s.href;
        return (
          <Link
            key={s.href}
            href={s.href}
            aria-current={active ? "page" : undefined}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t(s.key)}
          </Link>
        );
      })}
    </nav>
  );
}
