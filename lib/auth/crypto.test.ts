import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DecryptionError, open, parseKeyring, seal, sealedWithOldKey } from "@/lib/auth/crypto";
import { loadKeyring, MISSING_KEY_MESSAGE } from "@/lib/auth/encryption-key";

const keyA = randomBytes(32).toString("base64url");
const keyB = randomBytes(32).toString("base64");
const token = "access-token-of-a-practitioner-Ω";

describe("seal/open", () => {
  it("round-trips and never contains the plaintext", () => {
    const ring = parseKeyring(`a:${keyA}`);
    const sealed = seal(ring, token, "access_token");
    expect(sealed).toMatch(/^v1\.a\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(token);
    expect(open(ring, sealed, "access_token")).toBe(token);
    expect(seal(ring, token, "access_token")).not.toBe(sealed); // fresh IV every time
  });

  const ring = parseKeyring(`a:${keyA}`);
  const sealed = seal(ring, token, "access_token");
  const parts = sealed.split(".");
  const flip = (text: string) => (text[0] === "A" ? "B" : "A") + text.slice(1);
  const refusals: Array<[string, string, string, RegExp]> = [
    ["ciphertext changed", [...parts.slice(0, 4), flip(parts[4])].join("."), "access_token", /authentication failed/],
    [
      "tag changed",
      [...parts.slice(0, 3), flip(parts[3]), parts[4]].join("."),
      "access_token",
      /authentication failed|malformed/,
    ],
    [
      "iv changed",
      [...parts.slice(0, 2), flip(parts[2]), ...parts.slice(3)].join("."),
      "access_token",
      /authentication failed|malformed/,
    ],
    ["other purpose (column swap)", sealed, "refresh_token", /authentication failed/],
    ["unknown key id", ["v1", "zz", ...parts.slice(2)].join("."), "access_token", /key "zz" is not/],
    [
      "kid relabelled to another key",
      ["v1", "b", ...parts.slice(2)].join("."),
      "access_token",
      /not in|authentication failed/,
    ],
    ["unknown version", ["v9", ...parts.slice(1)].join("."), "access_token", /unknown format/],
    ["plaintext stored by mistake", token, "access_token", /unknown format/],
  ];
  it.each(refusals)("refuses: %s", (_name, value, purpose, message) => {
    const both = parseKeyring(`a:${keyA},b:${keyB}`);
    expect(() => open(both, value, purpose)).toThrow(DecryptionError);
    expect(() => open(both, value, purpose)).toThrow(message);
  });
});

describe("rotation", () => {
  const oldRing = parseKeyring(`k1:${keyA}`);
  const rotated = parseKeyring(`k2:${keyB},k1:${keyA}`);
  const oldSealed = seal(oldRing, token, "refresh_token");
  const rows: Array<[string, () => unknown, unknown]> = [
    ["old value opens after rotation", () => open(rotated, oldSealed, "refresh_token"), token],
    ["old value is flagged for resealing", () => sealedWithOldKey(rotated, oldSealed), true],
    ["new values use the first (current) key", () => seal(rotated, token, "x").split(".")[1], "k2"],
    ["new value is not flagged", () => sealedWithOldKey(rotated, seal(rotated, token, "x")), false],
    [
      "new value does not open with only the old key",
      () => {
        try {
          return open(oldRing, seal(rotated, token, "x"), "x");
        } catch (e) {
          return (e as Error).name;
        }
      },
      "MissingKeyError",
    ],
  ];
  it.each(rows)("%s", (_name, run, expected) => expect(run()).toEqual(expected));
});

describe("parseKeyring", () => {
  const hexKey = randomBytes(32).toString("hex");
  it.each([
    [
      "bare base64url key gets a stable derived kid",
      keyA,
      (r: ReturnType<typeof parseKeyring>) => r.currentKid === parseKeyring(keyA).currentKid && r.keys.size === 1,
    ],
    ["hex key", `h:${hexKey}`, (r: ReturnType<typeof parseKeyring>) => r.keys.get("h")?.toString("hex") === hexKey],
    [
      "first entry is current",
      `x:${keyA}, y:${keyB}`,
      (r: ReturnType<typeof parseKeyring>) => r.currentKid === "x" && r.keys.size === 2,
    ],
  ])("accepts %s", (_name, value, check) => expect(check(parseKeyring(value))).toBe(true));

  it.each([
    ["empty", " , ", /empty/],
    ["short key", `a:${randomBytes(16).toString("base64")}`, /32 bytes/],
    ["bad kid", `a.b:${keyA}`, /key id/],
    ["duplicate kid", `a:${keyA},a:${keyB}`, /twice/],
  ])("refuses %s", (_name, value, message) => expect(() => parseKeyring(value)).toThrow(message));
});

describe("loadKeyring", () => {
  it("refuses to start in production without a key, with a clear message", () => {
    expect(() => loadKeyring({ isProduction: true })).toThrow(MISSING_KEY_MESSAGE);
  });

  it("generates a development key once, owner-only, and reuses it", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-key-"));
    try {
      const first = loadKeyring({ isProduction: false, dataDir: dir });
      const file = path.join(dir, "encryption.key");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const second = loadKeyring({ isProduction: false, dataDir: dir });
      expect(second.currentKid).toBe(first.currentKid);
      expect(open(second, seal(first, token, "t"), "t")).toBe(token);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("prefers the configured key over a development key", () => {
    expect(loadKeyring({ isProduction: true, encryptionKey: `cfg:${keyA}` }).currentKid).toBe("cfg");
  });
});
