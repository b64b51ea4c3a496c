"use client";
// The clinic's time zone for every time the browser renders: the root layout reads it on the server
// and passes it down, so the server's render and the browser's are the same text (no hydration
// mismatch) whatever zone the browser is in.
import { createContext, useContext, type ReactNode } from "react";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/format/time-zone";

const ClinicTimeZone = createContext<string>(DEFAULT_CLINIC_TIME_ZONE);

export function TimeZoneProvider({ timeZone, children }: { timeZone: string; children: ReactNode }) {
  return <ClinicTimeZone.Provider value={timeZone}>{children}</ClinicTimeZone.Provider>;
}

/** The clinic's zone (IANA name). */
export function useClinicTimeZone(): string {
  return useContext(ClinicTimeZone);
}
