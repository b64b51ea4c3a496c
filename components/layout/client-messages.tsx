// A section's words for the browser: the shared namespaces and the section's own
// (lib/i18n/client-messages.ts), in a provider of their own around the section's pages. A nested
// provider replaces its parent's messages rather than adding to them, hence the shared ones again.
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import { clientNamespaces, pickMessages, type ClientSection } from "@/lib/i18n/client-messages";

export async function ClientMessages({ section, children }: { section: ClientSection; children: ReactNode }) {
  return (
    <NextIntlClientProvider messages={pickMessages(await getMessages(), clientNamespaces(section))}>
      {children}
    </NextIntlClientProvider>
  );
}
