// next-intl's request configuration (named in next.config.js): the request's locale and only that
// locale's catalog, so a page carries one catalog, never both. The error page's few words live in a
// file of their own (messages/error/), which the last-resort error boundary imports alone.
import { getRequestConfig } from "next-intl/server";
import { requestLocale } from "@/lib/auth/language";

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  const [main, error] = await Promise.all([
    import(`../../messages/${locale}.json`),
    import(`../../messages/error/${locale}.json`),
  ]);
  const messages = { ...main.default, ...error.default };
  // Times are written by lib/format/time.ts with the zone it is given; UTC here only keeps
  // next-intl's own formatters deterministic between server and browser.
  return { locale, messages, timeZone: "UTC" };
});
