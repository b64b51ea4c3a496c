// The events pages' words for the browser (components/layout/client-messages.tsx).
import type { ReactNode } from "react";
import { ClientMessages } from "@/components/layout/client-messages";

export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages section="events">{children}</ClientMessages>;
}
