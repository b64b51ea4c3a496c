// The header: the sections the signed-in user may open, the search across them, who they are, and
// sign-out. Signed out, it offers only the way in. Both ways, the language switch. On a phone it is
// one line: the sections and the account each fold behind a button (components/layout/main-nav.tsx,
// account-menu.tsx), and the search is a button to its page (header-search.tsx).
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { LanguageSwitch } from "@/components/layout/language-switch";
import type { Locale } from "@/lib/i18n/locales";
import { MainNav } from "@/components/layout/main-nav";
import { sectionsFor } from "@/lib/auth/sections";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { getCurrentUser } from "@/lib/auth/guards";
import { AlertsIndicator } from "@/components/alerts/alerts-indicator";
import { alertCount } from "@/lib/alerts/view";
import { roleLabel } from "@/lib/people/labels";
import { IdText } from "@/components/ui/id-text";
import { ThemeSwitch } from "@/components/layout/theme-switch";
import { AccountMenu } from "@/components/layout/account-menu";
import type { Theme } from "@/lib/theme/theme";
import { HeaderSearch } from "@/components/layout/header-search";
import { searchKinds, searchScope } from "@/lib/search/parts";

export async function SiteHeader({
  theme,
  saveLocale,
}: {
  theme: Theme;
  saveLocale: (input: { locale: Locale }) => Promise<unknown>;
}) {
  const user = await getCurrentUser();
  const [t, locale] = await Promise.all([getTranslations(), getLocale()]);
  const kinds = user ? searchKinds(user) : [];
  return (
    <header className="relative border-b border-slate-200 bg-white">
      {/* Closer on a phone, so the name, the menu, the search button and the account stay one line. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-2 gap-y-2 px-3 py-3 sm:gap-x-4 sm:px-4">
        <Link href="/" className="mr-auto text-base font-semibold text-brand-700 sm:text-lg md:mr-0">
          {t("meta.appName")}
        </Link>
        {user ? (
          <>
            <MainNav
              links={sectionsFor(user.roles).map(({ key, href }) => ({ href, label: t(`sections.${key}.label`) }))}
            />
            {kinds.length > 0 && <HeaderSearch scope={searchScope(kinds)} />}
            <AccountMenu label={t("header.account")}>
              {user.isAdmin && <AlertsIndicator initialCount={await alertCount(user.clinicId)} />}
              <span className="text-slate-600" data-testid="signed-in-as">
                <span className="font-medium text-slate-900">{user.name ?? <IdText id={user.platformUserId} />}</span>
                <span className="sr-only">, </span>
                <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs">
                  {roleLabel(user.roles, user.staffRole, (role) => t(`roles.${role}`))}
                </span>
                <span className="sr-only">, </span>
                <span className="ml-2 text-xs">{user.clinicName}</span>
              </span>
              <LanguageSwitch current={locale} remember={saveLocale} />
              <ThemeSwitch initial={theme} />
              <SignOutButton />
            </AccountMenu>
          </>
        ) : (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <LanguageSwitch current={locale} />
            <ThemeSwitch initial={theme} />
            <Link
              href="/signin"
              className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
            >
              {t("header.signIn")}
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}
