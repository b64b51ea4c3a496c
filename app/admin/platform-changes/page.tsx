// Platform changes: the fields the platform sent that the app does not know yet, and the expected
// ones it left out, per event type and per endpoint (lib/drift). Nothing was refused for them; this
// page only says so. Field paths and counts only: the same for every clinic of the deployment.
import { getTranslations } from "next-intl/server";
import { requireSection } from "@/lib/auth/require-section";
import Link from "next/link";
import { driftReport, LINES_SHOWN } from "@/lib/drift/report";
import { DriftSourcePath, DriftTable, driftSourceTitle } from "@/components/admin/drift-table";
import { EmptyState } from "@/components/ui/states";
import { Panel } from "@/components/ui/panel";
import { adminSectionMetadata } from "@/lib/admin/section-metadata";

export const generateMetadata = adminSectionMetadata("platformChanges");
export const dynamic = "force-dynamic";

export default async function PlatformChangesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireSection("admin");
  const source = (await searchParams).source;
  const expand = typeof source === "string" ? source : null;
  const groups = await driftReport(expand);
  const t = await getTranslations("admin.platformChanges");
  const say = await getTranslations();
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t("title")}</h2>
        <p className="max-w-3xl text-sm text-slate-600">{t("intro")}</p>
      </div>
      {groups.length > 0 && (
        <Panel id="drift-advice" title={t("adviceTitle")}>
          <ul className="max-w-3xl list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{t("adviceUnknown")}</li>
            <li>{t("adviceMissing")}</li>
          </ul>
        </Panel>
      )}
      {groups.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyDetail")}</EmptyState>
      ) : (
        groups.map((group, i) => (
          <Panel key={`${group.sourceKind} ${group.source}`} id={`drift-${i}`} title={driftSourceTitle(group, say)}>
            <DriftSourcePath group={group} />
            <DriftTable group={group} />
            {group.more > 0 && (
              <p className="mt-3 text-sm">
                <Link
                  href={`?source=${encodeURIComponent(group.key)}#drift-${i}`}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {t("showAll", { more: group.more })}
                </Link>
              </p>
            )}
            {group.key === expand && group.lines.length > LINES_SHOWN && (
              <p className="mt-3 text-sm">
                <Link href={`?#drift-${i}`} className="font-medium text-brand-700 hover:underline">
                  {t("showFewer")}
                </Link>
              </p>
            )}
          </Panel>
        ))
      )}
    </div>
  );
}
