// The platform's embedded feature (treatment plans) inside the app, optionally for one patient
// (`?patient=<id>` from the patients list). The grant is minted by the client part on each mount,
// never while rendering this page, so no cached page or RSC payload can hold one.
import type { Metadata } from "next";
import { requireSection } from "@/lib/auth/require-section";
import { platformOrigin } from "@/lib/embedded/mint";
import { PatientParamSchema } from "@/lib/embedded/session";
import { EmbeddedFeature } from "@/components/embedded/embedded-feature";

export const metadata: Metadata = { title: "Treatment plans" };
export const dynamic = "force-dynamic";

export default async function EmbeddedPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { user } = await requireSection("embedded");
  const raw = (await searchParams).patient;
  const patient = PatientParamSchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  const patientId = patient.success ? patient.data : null;
  return (
    <section className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">Treatment plans</h1>
        <p className="text-slate-600">
          Build and activate treatment plans in the platform without leaving {user.clinicName}&apos;s workspace
          {patientId ? (
            <>
              {" "}
              for patient <span className="font-mono">{patientId}</span>
            </>
          ) : null}
          .
        </p>
      </header>
      <EmbeddedFeature platformOrigin={platformOrigin()} patientId={patientId} />
    </section>
  );
}
