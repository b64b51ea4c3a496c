"use client";
// Starts the OAuth redirect to the platform's authorize page (next-auth sets the state cookie).
import { signIn } from "next-auth/react";
import { useState } from "react";

export function SignInButton({ callbackUrl }: { callbackUrl: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signIn("clinic", { callbackUrl });
      }}
      className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:opacity-60"
    >
      {pending ? "Opening the platform…" : "Sign in with the platform"}
    </button>
  );
}
