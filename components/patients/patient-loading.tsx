// What the patient page shows while the platform's parts stream in: the same panels under the same
// headings, each with its loading line, so what arrives fills them in place instead of pushing the
// rest of the page down (on a phone, one column, that push was the page's layout shift).
import { useTranslations } from "next-intl";
import type { PatientField } from "@/lib/patients/history";
import { PatientDetails } from "@/components/patients/patient-history";
import { Panel } from "@/components/ui/panel";
import { LoadingState } from "@/components/ui/states";

/** Panels (heading id, title) the first saying what is loading, the others keeping a line of text's height. */
function PanelsLoading({ panels, loading }: { panels: Array<[id: string, title: string]>; loading: string }) {
  return panels.map(([id, title], i) => (
    <Panel key={id} id={id} title={title} heading="h2">
      {i === 0 ? <LoadingState label={loading} /> : <p aria-hidden className="h-5" />}
    </Panel>
  ));
}

export function PlatformLoading({
  patientId,
  details,
}: {
  patientId: string;
  details: Partial<Record<PatientField, string>>;
}) {
  const t = useTranslations("patient.platform");
  return (
    <>
      <PatientDetails patientId={patientId} details={details} pending />
      <PanelsLoading
        panels={[
          ["patient-plans", t("plans")],
          ["patient-resources", t("resources")],
        ]}
        loading={t("loading")}
      />
    </>
  );
}

export function OrdersLoading() {
  const t = useTranslations("patient.records");
  return (
    <PanelsLoading
      panels={[
        ["patient-orders", t("orders")],
        ["patient-labs", t("labs")],
      ]}
      loading={t("loading")}
    />
  );
}
