// The key agreement against a real database, two processes by their rows: while one holds only the
// old key, nothing is sealed again and the agreed key is the old one; once both hold the new key,
// the next check seals every stored secret again with it. A stopped process's row goes at once, a
// dead one's stops counting when it lapses. (Two real app processes: tooling/release/processes.release.ts.)
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseKeyring, seal } from "@/lib/auth/crypto";
import { agreedKid, announceKeys, joinKeyAgreement, resealIfAgreed } from "@/lib/auth/key-agreement";
import { liveProcesses } from "@/lib/limits/live-processes";
import { SECRET_PURPOSES } from "@/lib/auth/secrets";
import { createTestDatabase, type AppTestDatabase } from "@/tooling/testing/database";

const OLD_KEY = randomBytes(32).toString("base64url");
const NEW_KEY = randomBytes(32).toString("base64url");
const OLD = parseKeyring(`old:${OLD_KEY}`);
const ROTATED = parseKeyring(`new:${NEW_KEY},old:${OLD_KEY}`);
const kidOf = (sealed: string) => sealed.split(".")[1];

let t: AppTestDatabase;
beforeAll(async () => {
  t = await createTestDatabase("key_agreement", { app: true });
  await t.db.clinic.create({
    data: { id: "clinic_a", name: "A", clinicKeyEnc: seal(OLD, "ck_a", SECRET_PURPOSES.clinicKey) },
  });
  await t.db.platformConnection.create({
    data: {
      id: "conn_a",
      clinicId: "clinic_a",
      platformUserId: "pr_a",
      platformUserType: "Practitioner",
      accessTokenEnc: seal(OLD, "at_a", SECRET_PURPOSES.accessToken),
      refreshTokenEnc: seal(OLD, "rt_a", SECRET_PURPOSES.refreshToken),
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
});
afterAll(() => t?.drop());

const sealedKids = async () => {
  const row = await t.db.platformConnection.findUniqueOrThrow({ where: { id: "conn_a" } });
  const clinic = await t.db.clinic.findUniqueOrThrow({ where: { id: "clinic_a" } });
  return [kidOf(row.accessTokenEnc), kidOf(row.refreshTokenEnc), kidOf(clinic.clinicKeyEnc!)];
};

describe("agreedKid", () => {
  it.each([
    ["every holder has both keys", [ROTATED, ROTATED], "new"],
    ["one holder has only the old key", [ROTATED, OLD], "old"],
    ["only this process", [ROTATED], "new"],
    ["the others were given another key under the same id", [ROTATED, parseKeyring(`new:${OLD_KEY}`)], undefined],
  ])("%s", async (_case, rings, expected) => {
    const { keyFingerprints } = await import("@/lib/auth/key-agreement");
    const holders = rings.map((ring) => keyFingerprints(ring).map((k) => k.fingerprint));
    expect(agreedKid(ROTATED, holders)).toBe(expected);
  });
});

describe("a rolling rotation on one database", () => {
  it("seals again only once every live process holds the new key", async () => {
    // Process A still on the old key, process B restarted with new,old.
    await announceKeys(t.db, "process_a", OLD);
    const holders = await announceKeys(t.db, "process_b", ROTATED);
    expect(holders).toHaveLength(2);
    expect(agreedKid(ROTATED, holders)).toBe("old");
    expect(await resealIfAgreed(t.db, ROTATED)).toBe("waiting");
    expect(await sealedKids()).toEqual(["old", "old", "old"]);

    // A restarts with new,old: B's next check (or A's first) seals everything again with the new key.
    await announceKeys(t.db, "process_a", ROTATED);
    expect(await resealIfAgreed(t.db, ROTATED)).toEqual({ connections: 1, clinicKeys: 1 });
    expect(await sealedKids()).toEqual(["new", "new", "new"]);
    expect(await resealIfAgreed(t.db, ROTATED)).toEqual({ connections: 0, clinicKeys: 0 });
  });

  it("forgets a stopped process at once and a dead one when its row lapses", async () => {
    await t.query("DELETE FROM key_holders");
    const b = await joinKeyAgreement(t.db, ROTATED, 60_000);
    await announceKeys(t.db, "process_dead", OLD);
    await t.query("UPDATE key_holders SET seen_at = now() - interval '2 minutes' WHERE process_id = 'process_dead'");
    const a = await joinKeyAgreement(t.db, OLD, 60_000);
    // The live processes, counted as each joins (the dead one not among them): the per-person bounds
    // held in memory are divided by it (lib/limits/live-processes.ts).
    expect(liveProcesses()).toBe(2);
    expect(agreedKid(ROTATED, await announceKeys(t.db, b.processId, ROTATED))).toBe("old");
    await a.stop();
    expect(agreedKid(ROTATED, await announceKeys(t.db, b.processId, ROTATED))).toBe("new");
    await b.check();
    expect(liveProcesses()).toBe(1);
    await b.stop();
    expect(await t.query("SELECT process_id FROM key_holders")).toEqual([{ process_id: "process_dead" }]);
  });
});
