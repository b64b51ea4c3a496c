// What an address with no page shows, and what a page answers (404) when the caller's role may not
// open it: the guards call notFound() so as not to confirm the page exists.
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <section
      aria-labelledby="not-found-title"
      className="mx-auto max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-6"
    >
      <h1 id="not-found-title" className="text-xl font-semibold">
        Page not found
      </h1>
      <p className="text-slate-700">
        There is no page at this address, or your role cannot open it. Check the address, or start again from the start
        page.
      </p>
      <Link href="/" className="inline-block text-sm font-medium text-brand-700 underline">
        Go to the start page
      </Link>
    </section>
  );
}
