// Home: signed out, the way in; signed in, a page per role held: a practitioner's recent work, the
// staff's day, the admin's connection health, then the sections.
import { dayIn } from "@/lib/format/days";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { redirect } from "next/navigation";
import { getCurrentUser, whySessionEnded } from "@/lib/auth/guards";
import { signInAddress } from "@/lib/auth/front-door";
import { sectionsFor } from "@/lib/auth/sections";
import { saveOwnNameAction } from "@/app/actions";
import { OwnNameForm } from "@/components/people/own-name-form";
import { latestClinicEvents, practitionerHome, todayByCategory } from "@/lib/home/reads";
import { adminOverview } from "@/lib/admin/overview";
import { listAlerts } from "@/lib/alerts/view";
import { AdminHealthPanel } from "@/components/home/admin-health";
import { PractitionerPanels, TodayPanel } from "@/components/home/home-panels";
import { SetupChecklist } from "@/components/connection/setup-checklist";
import { clinicConnection } from "@/lib/connection/read";
import { ClientMessages } from "@/components/layout/client-messages";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const [user, t] = await Promise.all([getCurrentUser(), getTranslations()]);
  if (!user) {
    // The platform ended this browser's session (a refused or revoked sign-in): the sign-in page says so.
    const ended = await whySessionEnded();
    if (ended) redirect(signInAddress(null, ended));
    return (
      <div className="mx-auto max-w-xl space-y-4 text-center">
        <h1 className="text-2xl font-semibold">{t("home.welcome")}</h1>
        <p className="text-slate-600">{t("home.intro")}</p>
        <Link
          href="/signin"
          className="inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          {t("header.signIn")}
        </Link>
      </div>
    );
  }
  const day = dayIn(new Date(), user.timeZone);
  const [practitioner, today, latest, overview, alerts, connection] = await Promise.all([
    user.roles.includes("Practitioner") ? practitionerHome(user) : null,
    user.roles.includes("Staff") ? todayByCategory(user.clinicId, user.timeZone) : null,
    user.roles.includes("Staff") ? latestClinicEvents(user.clinicId, user.timeZone) : null,
    user.isAdmin ? adminOverview({ userId: user.id, clinicId: user.clinicId }) : null,
    user.isAdmin ? listAlerts(user.clinicId, { say: t }) : null,
    clinicConnection(user.clinicId),
  ]);
  return (
    <ClientMessages section="home">
      <div className="space-y-6">
        <h1 className="text-2xl font-semibold">
          {user.name ? t("home.welcomeName", { name: user.name }) : t("home.welcome")}
        </h1>
        {!user.name && <OwnNameForm action={saveOwnNameAction} />}
        {user.isAdmin && connection.status !== "broken" && <SetupChecklist steps={connection.steps} />}
        <div className="grid gap-4 lg:grid-cols-2">
          {overview && (
            <AdminHealthPanel
              o={overview}
              failingDeliveries={Boolean(alerts?.open.some((a) => a.kind === "webhook_deliveries"))}
            />
          )}
          {today && latest && <TodayPanel today={today} latest={latest} day={day} />}
          {practitioner && <PractitionerPanels home={practitioner} />}
        </div>
        <nav aria-label={t("home.sections")}>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {sectionsFor(user.roles).map((link) => (
              <li key={link.href}>
                <Link
                  href={link.href}
                  className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600"
                >
                  <span className="font-medium text-brand-700">{t(`sections.${link.key}.label`)}</span>
                  <p className="mt-1 text-sm text-slate-600">{t(`sections.${link.key}.description`)}</p>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </ClientMessages>
  );
}
