// One patient, one page: what the clinic's event store holds about them (their events, read at once)
// and what the platform shows now (their record, treatment plans and the resources in them; their
// orders and lab orders), each streamed in on its own. A list the platform could not give falls back
// to what the clinic's events said of it. Open to the roles that see patients or the timeline; a
// patient of another clinic, or no patient at all, is not found, as an unknown address is.
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { requireRole } from "@/lib/auth/guards";
import { SECTIONS } from "@/lib/auth/sections";
import { clientForUser } from "@/lib/auth/platform-client";
import { db } from "@/lib/db";
import { builderHref, platformHref } from "@/lib/embedded/links";
import { PatientParamSchema } from "@/lib/embedded/session";
import { knownInStore, patientHistory } from "@/lib/patients/history";
import { findPlatformPatient } from "@/lib/patients/platform";
import { patientNames } from "@/lib/people/names";
import { EventGroup, OlderEventsNote } from "@/components/patients/patient-history";
import { OrdersLoading, PlatformLoading } from "@/components/patients/patient-loading";
import { PatientOrders } from "@/components/patients/patient-orders";
import { PatientPlatform } from "@/components/patients/patient-platform";

export const dynamic = "force-dynamic";

// Everyone who sees patients (practitioners, staff) or the events that name them (admins too).
const ROLES = [...new Set([...SECTIONS.patients.roles, ...SECTIONS.events.roles])];

type Params = { params: Promise<{ id: string }> };

const patientIdOf = async (params: Params["params"]) => {
  const parsed = PatientParamSchema.safeParse((await params).id);
  return parsed.success ? parsed.data : null;
};

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const t = await getTranslations("patient");
  const caller = await requireRole(...ROLES);
  const id = await patientIdOf(params);
  const name = id ? (await patientNames(caller.clinicId, [id]))[id] : undefined;
  return { title: name ?? t("title") };
}

export default async function PatientPage({ params }: Params) {
  const caller = await requireRole(...ROLES);
  const patientId = await patientIdOf(params);
  if (!patientId) notFound();
  const history = await patientHistory(db, caller.clinicId, patientId);
  // Unknown to the store: the platform's list of the caller's clinic decides whether they exist.
  const found = knownInStore(history) ? undefined : await lookUp(caller.user.id, patientId);
  if (!knownInStore(history) && !found) notFound();
  const name = history.name ?? (found ? `${found.first_name} ${found.last_name}`.trim() : null);
  const t = await getTranslations("patient");
  return (
    <section className="space-y-6" aria-labelledby="patient-title">
      <header className="space-y-1">
        <p className="text-sm">
          <Link href="/patients" className="text-brand-700 hover:underline">
            {t("back")}
          </Link>
        </p>
        <h1 id="patient-title" className="text-2xl font-semibold break-words">
          {name ?? t("unnamed")}
        </h1>
        <p className="text-slate-600">{t("intro", { clinic: caller.user.clinicName })}</p>
        <nav aria-label={t("embed.label")} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {[
            [builderHref(patientId), t("embed.newPlan")],
            [platformHref("catalog", patientId), t("embed.catalog")],
            [platformHref("labs", patientId), t("embed.labs")],
          ].map(([href, label]) => (
            <Link key={href} href={href} className="font-medium text-brand-700 hover:underline">
              {label}
            </Link>
          ))}
        </nav>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="space-y-6">
          <Suspense fallback={<PlatformLoading patientId={patientId} details={history.details} />}>
            <PatientPlatform caller={caller} history={{ ...history, name }} found={found ?? undefined} />
          </Suspense>
        </div>
        <div className="space-y-6">
          <Suspense fallback={<OrdersLoading />}>
            <PatientOrders caller={caller} patientId={patientId} events={history.events} />
          </Suspense>
          <EventGroup
            id="patient-events"
            title={t("groups.all")}
            events={history.events}
            empty={t("empty.all")}
            footer={history.more && <OlderEventsNote count={history.events.length} name={name} patientId={patientId} />}
          />
        </div>
      </div>
    </section>
  );
}

/** The patient in the platform's list, or null (not there, or the platform could not say). */
async function lookUp(userId: string, patientId: string) {
  try {
    const found = await findPlatformPatient(await clientForUser(userId), patientId, null);
    return found.ok ? found.value : null;
  } catch {
    return null;
  }
}
