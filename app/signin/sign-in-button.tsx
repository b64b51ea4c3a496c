"use client";
// Starts the OAuth redirect to the platform's authorize page (next-auth sets the state cookie).
import { signInWithPlatform } from "@/components/auth/auth-requests";
import { useState } from "react";
import { useTranslations } from "next-intl";

export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  const [pending, setPending] = useState(false);
  const t = useTranslations("signin");
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        signInWithPlatform(callbackUrl).catch(() => setPending(false));
      }}
      className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60"
    >
      {pending ? t("opening") : t("button")}
    </button>
  );
}
