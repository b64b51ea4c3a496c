// A rolling key rotation without an outage. Every live app process records in key_holders the
// fingerprints of the keys it holds, and refreshes that row every few seconds; each process seals
// with the first of its own keys that every live process holds, and values are sealed again with a
// new key only once every live process holds it. So a process started with `new,old` beside one
// still on `old` keeps sealing with `old`, and the rotation completes by itself when the last
// process restarts with `new,old`. A process that stops says so by deleting its row; one that dies
// is forgotten once its row has not been refreshed for HOLDER_LAPSES_AFTER_MS.
// Not the sealing itself (lib/auth/crypto.ts) nor where the keys come from (encryption-key.ts).
import "server-only";
import { createHash, randomUUID } from "node:crypto";
import type { Keyring } from "@/lib/auth/crypto";
import { configuredKeyring, sealWithKid } from "@/lib/auth/encryption-key";
import { resealSecrets, type ResealResult } from "@/lib/auth/reseal";
import type { Db } from "@/lib/db";
import { flushOnShutdown } from "@/lib/health/process-state";
import { log } from "@/lib/log/logger";
import { setLiveProcesses } from "@/lib/limits/live-processes";

/** How often a process refreshes its row and reads the others'. */
export const KEY_CHECK_EVERY_MS = 5_000;
/** A row not refreshed for this long is a process that died: it no longer holds back a rotation. */
export const HOLDER_LAPSES_AFTER_MS = 60_000;

/**
 * A key's fingerprint: its id and a digest of the key, so two processes given different keys under
 * one id do not count as agreeing. The digest is of a 32-byte random key, so it reveals nothing of it.
 */
export function keyFingerprints(keyring: Keyring): Array<{ kid: string; fingerprint: string }> {
  return [...keyring.keys].map(([kid, key]) => ({
    kid,
    fingerprint: `${kid}:${createHash("sha256").update("clinic-connect key fingerprint\0").update(key).digest("base64url").slice(0, 16)}`,
  }));
}

/** The first of `keyring`'s keys (in its order) that every holder holds, or undefined when none is. */
export function agreedKid(keyring: Keyring, holders: readonly (readonly string[])[]): string | undefined {
  return keyFingerprints(keyring).find(({ fingerprint }) => holders.every((keys) => keys.includes(fingerprint)))?.kid;
}

const lapse = () => HOLDER_LAPSES_AFTER_MS / 1000;

/** Records this process's keys (seen now, by the database's clock) and returns every live holder's, its own included. */
export async function announceKeys(db: Db, processId: string, keyring: Keyring): Promise<string[][]> {
  const keys = keyFingerprints(keyring).map((k) => k.fingerprint);
  const rows = await db.$queryRaw<Array<{ keys: string[] }>>`
    WITH mine AS (
      INSERT INTO key_holders (process_id, keys, seen_at) VALUES (${processId}, ${keys}::text[], now())
      ON CONFLICT (process_id) DO UPDATE SET keys = EXCLUDED.keys, seen_at = now()
      RETURNING keys
    ), forgotten AS (
      DELETE FROM key_holders
       WHERE seen_at < now() - make_interval(secs => ${lapse() * 10}) AND process_id <> ${processId}
    )
    SELECT keys FROM mine
    UNION ALL
    SELECT keys FROM key_holders
     WHERE process_id <> ${processId} AND seen_at > now() - make_interval(secs => ${lapse()})`;
  return rows.map((row) => row.keys);
}

async function liveHolders(db: Db): Promise<string[][]> {
  const rows = await db.$queryRaw<Array<{ keys: string[] }>>`
    SELECT keys FROM key_holders WHERE seen_at > now() - make_interval(secs => ${lapse()})`;
  return rows.map((row) => row.keys);
}

/**
 * Seals the stored secrets again with `keyring`'s current key if every live process holds it;
 * "waiting" (and nothing written) while one does not. Never seals back to an older key.
 */
export async function resealIfAgreed(
  db: Db,
  keyring: Keyring,
  holders?: string[][],
): Promise<ResealResult | "waiting"> {
  if (keyring.keys.size < 2) return { connections: 0, clinicKeys: 0 }; // nothing else it could open
  if (agreedKid(keyring, holders ?? (await liveHolders(db))) !== keyring.currentKid) return "waiting";
  return resealSecrets(db, keyring);
}

export interface KeyAgreement {
  processId: string;
  /** One check now: announce, agree, reseal when agreed (the timer runs the same). */
  check(): Promise<void>;
  /** Stops checking and deletes this process's row: it no longer holds back a rotation. */
  stop(): Promise<void>;
}

/** Joins the agreement: the first check is awaited, so the process seals rightly before it serves. */
export async function joinKeyAgreement(
  db: Db,
  keyring: Keyring = configuredKeyring(),
  everyMs = KEY_CHECK_EVERY_MS,
): Promise<KeyAgreement> {
  const processId = randomUUID();
  let said: string | undefined;
  const check = async () => {
    const holders = await announceKeys(db, processId, keyring);
    setLiveProcesses(holders.length);
    const kid = agreedKid(keyring, holders);
    sealWithKid(kid ?? keyring.currentKid);
    if (kid !== said) {
      said = kid;
      if (!kid)
        log.error(
          `keys: no key of this process's APP_ENCRYPTION_KEY is held by every live app process; it seals with "${keyring.currentKid}", which the others cannot open. Give every process the same keys (new first, old after it).`,
          { processes: holders.length },
        );
      else if (kid !== keyring.currentKid)
        log.info(
          `keys: sealing with "${kid}" until every live app process holds "${keyring.currentKid}" (restart the others with APP_ENCRYPTION_KEY listing it)`,
          { processes: holders.length },
        );
      else log.info(`keys: every live app process holds "${kid}"; sealing with it`, { processes: holders.length });
    }
    const result = await resealIfAgreed(db, keyring, holders);
    if (result !== "waiting" && (result.connections || result.clinicKeys))
      log.info(`keys: sealed again with "${keyring.currentKid}"`, { ...result });
  };
  // Until a check gets through, the process seals with its last key (encryption-key.ts), which the
  // processes not yet restarted hold: a database that is down at start costs no outage later.
  const checkSafely = () =>
    check().catch((error: unknown) => log.warn("keys: the key check failed; trying again", { err: error }));
  await checkSafely();
  const timer = setInterval(() => void checkSafely(), everyMs);
  timer.unref();
  const stop = async () => {
    clearInterval(timer);
    await db.keyHolder.deleteMany({ where: { processId } });
  };
  return { processId, check, stop };
}

const shared = globalThis as unknown as Record<symbol, Promise<KeyAgreement> | undefined>;
const KEY = Symbol.for("clinic-connect.key-agreement");

/** This process's place in the agreement, once however often it is asked for; left at shutdown. */
export function joinKeyAgreementOnce(db: Db): Promise<KeyAgreement> {
  shared[KEY] ??= joinKeyAgreement(db).then((agreement) => {
    flushOnShutdown("key-holder", agreement.stop);
    return agreement;
  });
  return shared[KEY];
}
