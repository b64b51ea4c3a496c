"use client";
// The last boundary: when the root layout itself fails (the header reads the session, which needs
// the database), this replaces the whole document, so it brings its own <html>, <body> and styles.
import ErrorPage from "@/app/error";
import "./globals.css";

export default function GlobalError(props: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <title>Something went wrong · Clinic Connect</title>
        <main id="main" className="mx-auto max-w-7xl px-4 py-8">
          <ErrorPage {...props} />
        </main>
      </body>
    </html>
  );
}
