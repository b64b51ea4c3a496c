"use client";
// Staff pick the practitioner they act for before anything else, by name: the clinic's directory and
// the practitioners the platform shows on the clinic's patients (lib/resources/practitioners.ts).
import { Field, inputClass } from "@/components/ui/field";
import { ErrorState, LoadingState } from "@/components/ui/states";
import { shownError } from "@/lib/actions/client";
import { usePractitioners } from "@/components/resources/use-resources";
import type { PractitionerOption } from "@/lib/resources/practitioners";

export function practitionerLabel(p: PractitionerOption): string {
  const patients = `${p.patientCount} patient${p.patientCount === 1 ? "" : "s"}`;
  return p.name ? `${p.name} · ${patients}` : `A practitioner without a known name (${p.id}) · ${patients}`;
}

export function PractitionerPicker({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (id: string | undefined) => void;
}) {
  const list = usePractitioners(true);
  if (list.isPending) return <LoadingState label="Loading your clinic's practitioners…" />;
  if (list.isError)
    return (
      <ErrorState
        title="The practitioners could not be loaded"
        error={shownError(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  return (
    <Field
      label="Acting for practitioner"
      hint="As staff, you manage resources on behalf of a practitioner of your clinic."
    >
      {(p) => (
        <select
          {...p}
          className={`${inputClass} max-w-xl`}
          value={value ?? ""}
          onChange={(e) => onChange(e.target.value || undefined)}
        >
          <option value="">Choose a practitioner…</option>
          {list.data.map((o) => (
            <option key={o.id} value={o.id}>
              {practitionerLabel(o)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
