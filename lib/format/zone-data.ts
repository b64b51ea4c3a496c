// The server's copy of the time zone rules (./zone-source.ts): importing this module registers it as
// the source; the job worker's start (instrumentation.ts), the root layout and the test setup import
// it. Server-only: the whole database is hundreds of kilobytes, and a page sends the browser its own
// zone's rules.
import "server-only";
import { loadZoneRules } from "@/lib/format/zone-source";

export { loadZoneRules, zoneDataVersion } from "@/lib/format/zone-source";

/** What a page sends the browser for its zone (see loadZoneRules). */
export const zoneRulesForBrowser = loadZoneRules;
