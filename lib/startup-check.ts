// What the server checks before it serves anything (instrumentation.ts register()): settings that
// would otherwise fail later and out of sight. Sign-in's keys (lib/auth/startup.ts), and the event
// retention the job worker needs: without it the worker does not start and no event is processed.
// Each failure stops the process with a message that names the variable and what to set it to.
import "server-only";
import { assertAuthConfigured } from "@/lib/auth/startup";
import { retentionDays } from "@/lib/events/retention";

export function assertStartupConfig(): void {
  assertAuthConfigured();
  retentionDays();
}
