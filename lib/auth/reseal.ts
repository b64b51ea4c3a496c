// Key rotation's second half. Putting a new key first in APP_ENCRYPTION_KEY makes every new value
// sealed with it; values sealed earlier still name (and need) the old key. This seals them again
// with the current key, so that once it has run the old key can be removed from the variable.
// Each row is rewritten only if it still holds the value that was read (a refresh that rotated the
// tokens meanwhile wrote them with the current key already), so it never undoes a newer write.
// Only rows sealed with another key are read, so running it every few seconds costs little. Runs
// once every live process holds the current key (lib/auth/key-agreement.ts); safe to run any number
// of times.
import "server-only";
import { open, seal, sealedPrefix, sealedWithOldKey, type Keyring } from "@/lib/auth/crypto";
import { SECRET_PURPOSES } from "@/lib/auth/secrets";
import type { Db } from "@/lib/db";

export interface ResealResult {
  connections: number;
  clinicKeys: number;
}

export async function resealSecrets(db: Db, keyring: Keyring): Promise<ResealResult> {
  const again = (sealed: string, purpose: string) => seal(keyring, open(keyring, sealed, purpose), purpose);
  const stale = (sealed: string) => sealedWithOldKey(keyring, sealed);
  const result: ResealResult = { connections: 0, clinicKeys: 0 };

  const current = { startsWith: sealedPrefix(keyring.currentKid) };
  const connections = await db.platformConnection.findMany({
    where: { OR: [{ NOT: { accessTokenEnc: current } }, { NOT: { refreshTokenEnc: current } }] },
    select: { id: true, accessTokenEnc: true, refreshTokenEnc: true },
  });
  for (const row of connections.filter((c) => stale(c.accessTokenEnc) || stale(c.refreshTokenEnc))) {
    const { count } = await db.platformConnection.updateMany({
      where: { id: row.id, accessTokenEnc: row.accessTokenEnc, refreshTokenEnc: row.refreshTokenEnc },
      data: {
        accessTokenEnc: stale(row.accessTokenEnc)
          ? again(row.accessTokenEnc, SECRET_PURPOSES.accessToken)
          : row.accessTokenEnc,
        refreshTokenEnc: stale(row.refreshTokenEnc)
          ? again(row.refreshTokenEnc, SECRET_PURPOSES.refreshToken)
          : row.refreshTokenEnc,
      },
    });
    result.connections += count;
  }

  const clinics = await db.clinic.findMany({
    where: { clinicKeyEnc: { not: null }, NOT: { clinicKeyEnc: current } },
    select: { id: true, clinicKeyEnc: true },
  });
  for (const row of clinics) {
    if (!row.clinicKeyEnc || !stale(row.clinicKeyEnc)) continue;
    const { count } = await db.clinic.updateMany({
      where: { id: row.id, clinicKeyEnc: row.clinicKeyEnc },
      data: { clinicKeyEnc: again(row.clinicKeyEnc, SECRET_PURPOSES.clinicKey) },
    });
    result.clinicKeys += count;
  }
  return result;
}
