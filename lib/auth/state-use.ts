// Single use of an OAuth sign-in state: the first callback that carries it claims it (in PostgreSQL,
// so across app processes); a replay of that callback, with the same state and cookie, finds it
// claimed and is refused before the authorization code is exchanged a second time.
import "server-only";
import { createHash } from "node:crypto";
import { db } from "@/lib/db";

/** Claims older than this are forgotten: next-auth's state cookie lives 15 minutes. */
const KEEP_MS = 24 * 3600 * 1000;

/** True the first time `state` is claimed, false on every later claim. */
export async function claimState(state: string, now = new Date()): Promise<boolean> {
  const stateHash = createHash("sha256").update(state).digest("hex");
  const inserted = await db.$executeRaw`
    INSERT INTO oauth_state_uses (state_hash, used_at) VALUES (${stateHash}, ${now})
    ON CONFLICT (state_hash) DO NOTHING`;
  await db.oAuthStateUse.deleteMany({ where: { usedAt: { lt: new Date(now.getTime() - KEEP_MS) } } });
  return inserted === 1;
}
