// Key rotation against a real database: rows sealed with an old key are sealed again with the
// current one and still open to the same secrets; values already current are left as they are;
// running again changes nothing.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { open, parseKeyring, seal, type Keyring } from "@/lib/auth/crypto";
import { resealSecrets } from "@/lib/auth/reseal";
import { SECRET_PURPOSES } from "@/lib/auth/secrets";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";

const OLD = parseKeyring(`old:${randomBytes(32).toString("base64url")}`);
const NEW_KEY = randomBytes(32).toString("base64url");
// After rotation: the new key first (current), the old one still there to open old values.
const ROTATED: Keyring = parseKeyring(`new:${NEW_KEY},old:${[...OLD.keys.values()][0]!.toString("base64url")}`);
const kidOf = (sealed: string | null | undefined) => sealed?.split(".")[1];

let t: AppTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("reseal", { app: true });
  await t.db.clinic.create({
    data: { id: "clinic_a", name: "A", clinicKeyEnc: seal(OLD, "ck_secret_a", SECRET_PURPOSES.clinicKey) },
  });
  await t.db.clinic.create({
    data: { id: "clinic_b", name: "B", clinicKeyEnc: seal(ROTATED, "ck_secret_b", SECRET_PURPOSES.clinicKey) },
  });
  await t.db.clinic.create({ data: { id: "clinic_c", name: "C" } });
  for (const [id, ring] of [
    ["conn_old", OLD],
    ["conn_new", ROTATED],
  ] as const) {
    await t.db.platformConnection.create({
      data: {
        id,
        clinicId: "clinic_a",
        platformUserId: `pr_${id}`,
        platformUserType: "Practitioner",
        accessTokenEnc: seal(ring, `at_${id}`, SECRET_PURPOSES.accessToken),
        refreshTokenEnc: seal(ring, `rt_${id}`, SECRET_PURPOSES.refreshToken),
        expiresAt: new Date(Date.now() + 3_600_000),
      },
    });
  }
});
afterAll(() => t?.drop());

describe("resealSecrets", () => {
  it("seals old-key values again with the current key, keeping what they hold", async () => {
    const before = await t.db.platformConnection.findUniqueOrThrow({ where: { id: "conn_new" } });
    expect(await resealSecrets(t.db, ROTATED)).toEqual({ connections: 1, clinicKeys: 1 });

    const old = await t.db.platformConnection.findUniqueOrThrow({ where: { id: "conn_old" } });
    expect([kidOf(old.accessTokenEnc), kidOf(old.refreshTokenEnc)]).toEqual(["new", "new"]);
    // Opens with the new key alone: the old key can now be removed from APP_ENCRYPTION_KEY.
    const newOnly = parseKeyring(`new:${NEW_KEY}`);
    expect(open(newOnly, old.accessTokenEnc, SECRET_PURPOSES.accessToken)).toBe("at_conn_old");
    expect(open(newOnly, old.refreshTokenEnc, SECRET_PURPOSES.refreshToken)).toBe("rt_conn_old");
    const clinic = await t.db.clinic.findUniqueOrThrow({ where: { id: "clinic_a" } });
    expect(open(newOnly, clinic.clinicKeyEnc!, SECRET_PURPOSES.clinicKey)).toBe("ck_secret_a");

    // Already current: untouched, byte for byte.
    const current = await t.db.platformConnection.findUniqueOrThrow({ where: { id: "conn_new" } });
    expect(current.accessTokenEnc).toBe(before.accessTokenEnc);
    expect((await t.db.clinic.findUniqueOrThrow({ where: { id: "clinic_c" } })).clinicKeyEnc).toBeNull();

    expect(await resealSecrets(t.db, ROTATED)).toEqual({ connections: 0, clinicKeys: 0 });
  });

  it("reseals only the column still sealed with the old key", async () => {
    // A refresh wrote a new access token (current key) while the refresh token is still an old one.
    const refreshed = seal(ROTATED, "at_refreshed", SECRET_PURPOSES.accessToken);
    await t.db.platformConnection.update({
      where: { id: "conn_old" },
      data: { accessTokenEnc: refreshed, refreshTokenEnc: seal(OLD, "rt_stale", SECRET_PURPOSES.refreshToken) },
    });
    expect((await resealSecrets(t.db, ROTATED)).connections).toBe(1);
    const row = await t.db.platformConnection.findUniqueOrThrow({ where: { id: "conn_old" } });
    expect(row.accessTokenEnc).toBe(refreshed);
    expect(open(ROTATED, row.refreshTokenEnc, SECRET_PURPOSES.refreshToken)).toBe("rt_stale");
    expect(kidOf(row.refreshTokenEnc)).toBe("new");
  });
});
