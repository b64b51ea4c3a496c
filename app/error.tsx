"use client";
// What a page shows when it fails in a way it did not handle itself: a plain message, a way to try
// again, and the error's digest as a reference to quote (the server's log carries the same digest).
// Never the error's message: it may name internals, and it is not something a person can act on.
import Link from "next/link";
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

function digestOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || !("digest" in error)) return undefined;
  return typeof error.digest === "string" ? error.digest : undefined;
}

// `retry` re-fetches the page from the server before re-rendering it; `reset` would only re-render
// what already failed, which rarely helps a server error.
export default function ErrorPage({ error, retry }: { error: unknown; retry: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the message, so keyboard and screen-reader users start from what happened.
  useEffect(() => heading.current?.focus(), []);
  const digest = digestOf(error);
  const t = useTranslations("error");
  return (
    <section
      aria-labelledby="error-title"
      className="mx-auto max-w-xl space-y-4 rounded-lg border border-red-200 bg-red-50 p-6 text-red-900"
    >
      <h1 id="error-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {t("title")}
      </h1>
      <p>{t("body")}</p>
      {digest && (
        <p className="text-sm">
          {t.rich("reference", {
            digest,
            code: (chunks) => <code className="select-all font-mono">{chunks}</code>,
          })}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" onClick={() => retry()}>
          {t("retry")}
        </Button>
        <Link href="/" className="text-sm font-medium text-brand-700 underline">
          {t("home")}
        </Link>
      </div>
    </section>
  );
}
