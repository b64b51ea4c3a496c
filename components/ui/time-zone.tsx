"use client";
// The clinic's time zone for every time the browser renders: the root layout reads it on the server
// and passes it down with the zone's rules from the app's own copy (lib/format/zone-rules.ts), so the
// server's render and the browser's are the same text (no hydration mismatch) whatever zone the
// browser is in and however old or new the browser's own zone data is.
import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";
import { registerZoneRules, type ZoneRules } from "@/lib/format/zone-rules";

const ClinicTimeZone = createContext<string>(DEFAULT_CLINIC_TIME_ZONE);

export function TimeZoneProvider({
  timeZone,
  rules,
  children,
}: {
  timeZone: string;
  rules: ZoneRules | null;
  children: ReactNode;
}) {
  // Registered before any child formats a time; the same rules every render, so this is idempotent.
  if (rules) registerZoneRules(rules);
  return <ClinicTimeZone.Provider value={timeZone}>{children}</ClinicTimeZone.Provider>;
}

/** The clinic's zone (IANA name). */
export function useClinicTimeZone(): string {
  return useContext(ClinicTimeZone);
}
