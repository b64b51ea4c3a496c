// Next.js configuration. Security headers are set at request time by proxy.ts (from
// lib/security-headers), not here: headers() is fixed at build time.

import createNextIntlPlugin from "next-intl/plugin";

// next-intl without locale routing: URLs stay the same, the locale comes from the person's choice or
// the browser (lib/auth/language.ts).
// The catalogs are precompiled at build time, so the browser gets next-intl's small formatter in
// place of the ICU message parser (about 8 kB compressed on every page).
const withNextIntl = createNextIntlPlugin({
  requestConfig: "./lib/auth/intl-request.ts",
  experimental: { messages: { path: "./messages", format: "json", locales: "infer", precompile: true } },
});

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets a second build (a benchmark of a change, say) live beside the main one
  // without replacing files under servers that run from it.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` typechecks the whole tree as its own stage; doing it again in every build only
  // costs minutes on a small machine.
  typescript: { ignoreBuildErrors: true },
  // The embedded database and Prisma's generated client are server-only Node modules. The quota's
  // rate-limiter-flexible too: one copy per process rather than one bundled into each chunk that
  // calls the platform (lib/limits/platform-quota.ts).
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "pg",
    "pg-boss",
    "pino",
    "pino-pretty",
    "prom-client",
    "rate-limiter-flexible",
    "@opentelemetry/api",
    "@opentelemetry/sdk-trace-node",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
  ],
  // Where proxy.ts runs, Next.js keeps only the first 10 MB of a body. An upload's multipart body
  // skips the proxy (its matcher), but one whose type is written in other letters ("Multipart/…")
  // would not: 10 MiB file + fields must still arrive whole. The upload route refuses anything over
  // its own limit (lib/resources/upload.ts) as it reads.
  experimental: { proxyClientMaxBodySize: "11mb" },
};

export default withNextIntl(nextConfig);
