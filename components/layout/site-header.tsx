// The header: the sections the signed-in user may open, who they are, and sign-out. Signed out, it
// offers only the way in.
import Link from "next/link";
import { MainNav } from "@/components/layout/main-nav";
import { sectionsFor } from "@/lib/auth/sections";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { getCurrentUser } from "@/lib/auth/guards";
import { AlertsIndicator } from "@/components/alerts/alerts-indicator";
import { alertCount } from "@/lib/alerts/view";
import { roleLabel } from "@/lib/people/labels";
import { IdText } from "@/components/ui/id-text";

export async function SiteHeader() {
  const user = await getCurrentUser();
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-4 px-4 py-3">
        <Link href="/" className="text-lg font-semibold text-brand-700">
          Clinic Connect
        </Link>
        {user ? (
          <>
            <MainNav links={sectionsFor(user.roles).map(({ href, label }) => ({ href, label }))} />
            <div className="flex items-center gap-3 text-sm">
              {user.isAdmin && <AlertsIndicator initialCount={await alertCount(user.clinicId)} />}
              <span className="text-slate-600" data-testid="signed-in-as">
                <span className="font-medium text-slate-900">{user.name ?? <IdText id={user.platformUserId} />}</span>
                <span className="sr-only">, </span>
                <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs">
                  {roleLabel(user.roles, user.staffRole)}
                </span>
                <span className="sr-only">, </span>
                <span className="ml-2 text-xs">{user.clinicName}</span>
              </span>
              <SignOutButton />
            </div>
          </>
        ) : (
          <Link
            href="/signin"
            className="rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            Sign in
          </Link>
        )}
      </div>
    </header>
  );
}
