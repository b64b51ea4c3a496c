// The platform client's public surface. Server-only: it handles tokens.
export { createClinicClient, type ClinicClient, type ClinicClientOptions } from "@/lib/clinic-api/client";
export { createOAuthClient, tokenExpiry, type OAuthClient } from "@/lib/clinic-api/oauth";
export type { Credentials, TokenProvider } from "@/lib/clinic-api/authorized";
export * from "@/lib/clinic-api/errors";
export { collect, iterateAll, type Page, type PageRequest } from "@/lib/clinic-api/pagination";
export { platformSettings, OAUTH_CALLBACK_PATH, type PlatformSettings } from "@/lib/clinic-api/settings";
export type { AttemptReport } from "@/lib/clinic-api/transport";
