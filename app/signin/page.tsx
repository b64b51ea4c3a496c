// The sign-in page: signing in to the app is connecting to the platform (authorization code flow).
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { getCurrentUser } from "@/lib/auth/guards";
import { getConfig } from "@/lib/config";
import { platformServer } from "@/lib/admin/environment";
import { SignInButton } from "@/app/signin/sign-in-button";
import { safeCallbackUrl, signInMessage } from "@/app/signin/messages";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("signin"))("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Promise<{ error?: string; reason?: string; callbackUrl?: string }>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl, getConfig().appUrl);
  const user = await getCurrentUser();
  if (user && !params.reason && !params.error) redirect(callbackUrl);
  const message = signInMessage(params);
  const server = platformServer();
  const [t, say] = await Promise.all([getTranslations("signin"), getTranslations()]);

  return (
    <div className="mx-auto mt-8 max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("intro")}</p>
      {message && (
        <p
          role={message.tone === "error" ? "alert" : "status"}
          className={`mt-4 rounded-md p-3 text-sm ${message.tone === "error" ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-900"}`}
        >
          {say(message.key)}
        </p>
      )}
      <div className="mt-6">
        <SignInButton callbackUrl={callbackUrl} />
      </div>
      <p className="mt-4 text-xs text-slate-500">{t("platform", { kind: server.kind, label: server.label })}</p>
    </div>
  );
}
