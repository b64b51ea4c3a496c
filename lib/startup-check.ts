// What the server checks before it serves anything (instrumentation.ts register()): settings that
// would otherwise fail later and out of sight. Sign-in's keys (lib/auth/startup.ts), and every
// variable of lib/config.ts (an invalid EVENT_RETENTION_DAYS would stop the job worker, and no event
// would be processed). Each failure stops the process with a message that names the variable and
// what to set it to. Reads the environment afresh: this is the check, not the cached configuration.
import "server-only";
import { assertAuthConfigured } from "@/lib/auth/startup";
import { parseConfig, type AppConfig } from "@/lib/config";

export function assertStartupConfig(): AppConfig {
  assertAuthConfigured();
  return parseConfig(process.env);
}
