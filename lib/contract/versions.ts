// API versioning (spec 9): the account's patch_version shapes responses and webhook payloads. The
// platform's documentation names `2020-02-14` as the latest, and every shape it shows is that one;
// the app reads any patch_version string (a newer one adds keys, which are kept). The sandbox
// offers that version and one of its own (documented in sandbox/README.md):
//   2020-02-14 (default): the documented shapes.
//   sandbox-extras: event records also carry `patch_version`; `*.updated` events carry
//            `data.previous_attributes`; patient records carry `full_name`. Not a platform version:
//            keys the documentation never shows, so tests can check the app keeps unknown keys.
import { z } from "zod";

export const PATCH_VERSIONS = ["2020-02-14", "sandbox-extras"] as const;
export const PatchVersionSchema = z.enum(PATCH_VERSIONS);
export type PatchVersion = z.infer<typeof PatchVersionSchema>;
export const DEFAULT_PATCH_VERSION: PatchVersion = "2020-02-14";
export const LATEST_DOCUMENTED_PATCH_VERSION = "2020-02-14";
