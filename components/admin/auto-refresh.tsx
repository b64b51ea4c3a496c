"use client";
// Re-reads the page's server data every few seconds while it is visible, so states that change
// when a webhook arrives (a clinic key activated or revoked) show without a reload.
import { useRouter } from "next/navigation";
import { useEffect } from "react";

export function AutoRefresh({ everyMs }: { everyMs: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") router.refresh();
    }, everyMs);
    return () => clearInterval(timer);
  }, [router, everyMs]);
  return null;
}
