import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { SiteHeader } from "@/components/layout/site-header";
import { Providers } from "@/app/providers";
import { saveLocaleAction } from "@/app/actions";
import { TimeZoneProvider } from "@/components/ui/time-zone";
import { ConnectionNotice } from "@/components/connection/connection-notice";
import { clinicConnection } from "@/lib/connection/read";
import { SHARED_CLIENT_NAMESPACES, pickMessages } from "@/lib/i18n/client-messages";
import { getCurrentUser } from "@/lib/auth/guards";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";
import { zoneRulesForBrowser } from "@/lib/format/zone-data";
import { THEME_COOKIE, parseTheme, themeClass } from "@/lib/theme/theme";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("meta");
  return {
    title: { default: t("appName"), template: t("titleTemplate", { page: "%s" }) },
    description: t("description"),
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request: its scripts carry that request's nonce (proxy.ts), which a
  // page rendered once at build time could not.
  await headers();
  // The request's language (lib/auth/language.ts): the page is written in it on the server, and the
  // browser gets the shared part of that catalog's client namespaces (lib/i18n/client-messages.ts), and
  // each section's layout adds its own. Times are shown on the signed-in clinic's
  // clock (components/ui/when.tsx).
  const locale = await getLocale();
  const t = await getTranslations("layout");
  const user = await getCurrentUser();
  const timeZone = user?.timeZone ?? DEFAULT_CLINIC_TIME_ZONE;
  // Whether the clinic is connected, said on every page while it is not (components/connection).
  const connection = user ? await clinicConnection(user.clinicId) : null;
  const theme = parseTheme((await cookies()).get(THEME_COOKIE)?.value);
  return (
    <html lang={locale} className={themeClass(theme)}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider messages={pickMessages(await getMessages(), SHARED_CLIENT_NAMESPACES)}>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:p-2"
          >
            {t("skipToContent")}
          </a>
          <SiteHeader theme={theme} saveLocale={saveLocaleAction} />
          <TimeZoneProvider timeZone={timeZone} rules={zoneRulesForBrowser(timeZone)}>
            <Providers>
              <main id="main" className="mx-auto max-w-7xl px-4 py-8">
                {user && connection && <ConnectionNotice connection={connection} isAdmin={user.isAdmin} />}
                {children}
              </main>
            </Providers>
          </TimeZoneProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
