"use client";
// Signs out of the app; the server revokes the platform token as part of it (lib/auth/options.ts).
import { signOutOfApp } from "@/components/auth/auth-requests";
import { useState } from "react";
import { useTranslations } from "next-intl";

export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const t = useTranslations("header");
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        signOutOfApp("/signin?reason=signedout").catch(() => setPending(false));
      }}
      className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60"
    >
      {pending ? t("signingOut") : t("signOut")}
    </button>
  );
}
