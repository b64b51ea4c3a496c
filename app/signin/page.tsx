// The sign-in page: signing in to the app is connecting to the platform (authorization code flow).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getCurrentUser } from "@/lib/auth/guards";
import { getConfig } from "@/lib/config";
import { platformSettings } from "@/lib/clinic-api/settings";
import { SignInButton } from "@/app/signin/sign-in-button";
import { safeCallbackUrl, signInMessage } from "@/app/signin/messages";

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<{ error?: string; reason?: string; callbackUrl?: string }>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl, getConfig().appUrl);
  const user = await getCurrentUser();
  if (user && !params.reason && !params.error) redirect(callbackUrl);
  const message = signInMessage(params);
  const environment = platformSettings().environment;

  return (
    <div className="mx-auto mt-8 max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold">Sign in</h1>
      <p className="mt-2 text-sm text-slate-600">
        Clinic Connect works with your clinic&apos;s account on the platform. Sign in there, and the app connects on
        your behalf; your platform password never reaches this app.
      </p>
      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={`mt-4 rounded-md p-3 text-sm ${message.tone === "error" ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-900"}`}
        >
          {message.text}
        </p>
      )}
      <div className="mt-6">
        <SignInButton callbackUrl={callbackUrl} />
      </div>
      <p className="mt-4 text-xs text-slate-500">Platform: {environment === "local" ? "local sandbox" : environment}</p>
    </div>
  );
}
