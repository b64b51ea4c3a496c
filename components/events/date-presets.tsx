"use client";
// One-click dates beside the date filter, as event logs people know have them: today, yesterday, the
// last 7 and 30 days, on the clinic's clock (lib/events/timeline/date-presets.ts). The one in use is
// shown pressed once the page runs (which is today is the browser's to say, not the server's).
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { DATE_PRESETS, presetFilter, presetOf, type DatePreset } from "@/lib/events/timeline/date-presets";
import { useClinicTimeZone } from "@/components/ui/time-zone";
import { useNow } from "@/components/ui/use-now";

export function DatePresets({ value, onChange }: { value: string | undefined; onChange(date: string): void }) {
  const t = useTranslations("events.date.presets");
  const say = useTranslations();
  const timeZone = useClinicTimeZone();
  const now = useNow();
  const chosen = now === null ? null : presetOf(value, new Date(now), timeZone);
  const choose = (preset: DatePreset) => onChange(presetFilter(preset, new Date(), timeZone));
  return (
    <div role="group" aria-label={t("label")} className="flex flex-wrap items-center gap-1.5">
      {DATE_PRESETS.map((preset) => (
        <Preset key={preset} pressed={chosen === preset} onPress={() => choose(preset)}>
          {say(`events.date.presets.${preset}`)}
        </Preset>
      ))}
    </div>
  );
}

/** A preset: a toggle button, its pressed state said to screen readers and drawn in the brand's colour. */
function Preset({ pressed, onPress, children }: { pressed: boolean; onPress(): void; children: ReactNode }) {
  const pressedLook = "aria-pressed:border-brand-600 aria-pressed:bg-brand-50 aria-pressed:text-brand-700";
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onPress}
      className={`rounded-full border border-slate-300 px-3 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 ${pressedLook}`}
    >
      {children}
    </button>
  );
}
