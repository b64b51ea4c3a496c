// Settings: what an admin keeps about the clinic in this app; for now its time zone, the clock every
// time, day filter, chart and export of the clinic is on.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { clinicTimeZoneSetting } from "@/lib/admin/clinic-settings";
import { DEFAULT_CLINIC_TIME_ZONE, timeZoneChoices } from "@/lib/format/time-zone";
import { TimeZoneForm } from "@/components/admin/time-zone-form";
import { When } from "@/components/ui/when";
import { saveTimeZoneAction } from "@/app/admin/settings/actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: t("pageTitle", { page: t("sections.settings") }) };
}
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const { clinicId } = await requireSection("admin");
  const setting = await clinicTimeZoneSetting(clinicId);
  const t = await getTranslations("admin.settings");
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <section aria-labelledby="time-zone" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
        <h3 id="time-zone" className="font-medium">
          {t("timeZone")}
        </h3>
        <p className="text-sm text-slate-600">{t("intro")}</p>
        <p className="text-sm" data-testid="time-zone-status">
          {setting.setAt
            ? t.rich("setTo", {
                zone: setting.timeZone,
                when: () => <When iso={setting.setAt?.toISOString()} />,
              })
            : t("notChosen", { zone: DEFAULT_CLINIC_TIME_ZONE })}
        </p>
        <TimeZoneForm
          action={saveTimeZoneAction}
          current={setting.timeZone}
          chosen={setting.setAt !== null}
          choices={timeZoneChoices(setting.timeZone)}
        />
      </section>
    </div>
  );
}
