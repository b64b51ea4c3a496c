// Paths the platform's documentation does not show, which the app uses only where the platform has
// them (docs/platform-api.md, "Paths … neither … shows"). The first 404 turns such a path off for the
// process: asking again at every sign-in or page would spend the rate limit on an answer that does
// not change, and the app does without the path. A restart (a new deployment) asks again.
import { NotFoundError } from "@/lib/clinic-api/errors";

// On globalThis: the bundler may copy this module into several chunks, and one switch must serve all.
const shared = globalThis as unknown as { clinicConnectPathsOff?: Set<string> };
const off = () => (shared.clinicConnectPathsOff ??= new Set());

/** Whether a 404 turned `path` off in this process. */
export const optionalPathIsOff = (path: string): boolean => off().has(path);

/** `call`'s answer; null, without a request, once `path` answered 404 (which turns it off). */
export async function callOptionalPath<T>(path: string, call: () => Promise<T>): Promise<T | null> {
  if (optionalPathIsOff(path)) return null;
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    off().add(path);
    return null;
  }
}

/** For tests that play a platform with and then without a path in one process. */
export function forgetOffPaths(): void {
  off().clear();
}
