// API versioning (spec 9): the account's patch_version shapes responses and webhook payloads.
// Differences (documented in sandbox/README.md):
//   2024-01 (default): event records are {id,type,clinic_id,integration_id,created_at,data}.
//   2025-06: event records also carry `patch_version`; `*.updated` events carry
//            `data.previous_attributes`; patient records carry `full_name`.
import { z } from "zod";

export const PATCH_VERSIONS = ["2024-01", "2025-06"] as const;
export const PatchVersionSchema = z.enum(PATCH_VERSIONS);
export type PatchVersion = z.infer<typeof PatchVersionSchema>;
export const DEFAULT_PATCH_VERSION: PatchVersion = "2024-01";
