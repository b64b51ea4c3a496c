// Home: signed out, the way in; signed in, a page per role held: a practitioner's recent work, the
// staff's day, the admin's connection health, then the sections.
import Link from "next/link";
import { getCurrentUser } from "@/lib/auth/guards";
import { sectionsFor } from "@/lib/auth/sections";
import { saveOwnNameAction } from "@/app/actions";
import { OwnNameForm } from "@/components/people/own-name-form";
import { latestClinicEvents, practitionerHome, todayByCategory } from "@/lib/home/reads";
import { adminOverview } from "@/lib/admin/overview";
import { listAlerts } from "@/lib/alerts/view";
import { AdminHealthPanel } from "@/components/home/admin-health";
import { PractitionerPanels, TodayPanel } from "@/components/home/home-panels";

export const dynamic = "force-dynamic";

export default async function HomePage() {
  const user = await getCurrentUser();
  if (!user) {
    return (
      <div className="mx-auto max-w-xl space-y-4 text-center">
        <h1 className="text-2xl font-semibold">Welcome to Clinic Connect</h1>
        <p className="text-slate-600">
          Your clinic&apos;s resources, patients, events and platform connection in one place. Sign in with your
          platform account to begin.
        </p>
        <Link
          href="/signin"
          className="inline-block rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Sign in
        </Link>
      </div>
    );
  }
  const day = new Date().toISOString().slice(0, 10);
  const [practitioner, today, latest, overview, alerts] = await Promise.all([
    user.roles.includes("Practitioner") ? practitionerHome(user) : null,
    user.roles.includes("Staff") ? todayByCategory(user.clinicId) : null,
    user.roles.includes("Staff") ? latestClinicEvents(user.clinicId) : null,
    user.isAdmin ? adminOverview({ userId: user.id, clinicId: user.clinicId }) : null,
    user.isAdmin ? listAlerts(user.clinicId) : null,
  ]);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">{user.name ? `Welcome, ${user.name}` : "Welcome to Clinic Connect"}</h1>
      {!user.name && <OwnNameForm action={saveOwnNameAction} />}
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
      <nav aria-label="Sections">
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {sectionsFor(user.roles).map((link) => (
            <li key={link.href}>
              <Link
                href={link.href}
                className="block rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-600"
              >
                <span className="font-medium text-brand-700">{link.label}</span>
                <p className="mt-1 text-sm text-slate-600">{link.description}</p>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
