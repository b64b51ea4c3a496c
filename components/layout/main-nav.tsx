"use client";
// The sections as links. On a phone they fold into a menu behind one button, opening under the
// header (Escape or a choice closes it, focus back on the button); from the md breakpoint up they
// are always shown.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useDisclosure } from "@/components/ui/use-disclosure";

export function MainNav({ links }: { links: readonly { href: string; label: string }[] }) {
  const t = useTranslations("header");
  const pathname = usePathname();
  const { open, close, panelId, buttonProps } = useDisclosure();

  return (
    <nav aria-label={t("mainNav")}>
      <button
        {...buttonProps}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-700 md:hidden"
      >
        <span aria-hidden>{open ? "×" : "☰"}</span>
        {t("menu")}
      </button>
      <ul
        id={panelId}
        className={`${open ? "flex" : "hidden"} absolute inset-x-0 top-full z-30 flex-col gap-1 border-b border-slate-200 bg-white p-4 shadow-md md:static md:flex md:flex-row md:flex-wrap md:border-0 md:bg-transparent md:p-0 md:shadow-none`}
      >
        {links.map((link) => {
          const active = pathname === link.href || pathname.startsWith(`${link.href}/`);
          return (
            <li key={link.href}>
              <Link
                href={link.href}
                aria-current={active ? "page" : undefined}
                onClick={close}
                className={`block rounded-md px-3 py-2 text-sm font-medium ${
                  active ? "bg-brand-100 text-brand-900" : "text-slate-700 hover:bg-slate-100"
                }`}
              >
                {link.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
