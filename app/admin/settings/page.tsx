// Settings: what an admin keeps about the clinic in this app; for now its time zone, the clock every
// time, day filter, chart and export of the clinic is on.
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import { clinicTimeZoneSetting } from "@/lib/admin/clinic-settings";
import { DEFAULT_CLINIC_TIME_ZONE, timeZoneChoices } from "@/lib/format/time-zone";
import { TimeZoneForm } from "@/components/admin/time-zone-form";
import { When } from "@/components/ui/when";
import { saveTimeZoneAction } from "@/app/admin/settings/actions";
import { Panel } from "@/components/ui/panel";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";

export const generateMetadata = adminSectionMetadata("settings");
export const dynamic = "force-dynamic";

export default async function SettingsPage() {
  const { clinicId } = await requireSection("admin");
  const setting = await clinicTimeZoneSetting(clinicId);
  const t = await getTranslations("admin.settings");
  return (
    <div className="space-y-4">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <Panel id="time-zone" title={t("timeZone")}>
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
      </Panel>
    </div>
  );
}
