// AES-256-GCM sealing of secrets at rest (platform tokens, clinic keys). A sealed value names the key
// that sealed it, so keys can be rotated: new values use the current key, old values still open with
// the key they name. Pure functions over an explicit keyring; where the keyring comes from is
// lib/auth/encryption-key.ts.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

export interface Keyring {
  /** The key id new values are sealed with. */
  currentKid: string;
  keys: ReadonlyMap<string, Buffer>;
}

const VERSION = "v1";
const KID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export class DecryptionError extends Error {
  constructor(reason: string) {
    // Never include the sealed value or a key: only why it failed.
    super(`Cannot open sealed value: ${reason}`);
    this.name = "DecryptionError";
  }
}

/** A value sealed with a key this keyring does not hold (a rotation this process has not been given). */
export class MissingKeyError extends DecryptionError {
  constructor(readonly kid: string) {
    super(`key "${kid}" is not in APP_ENCRYPTION_KEY`);
    this.name = "MissingKeyError";
  }
}

/**
 * Parses `APP_ENCRYPTION_KEY`: `kid:key,kid2:key2` (first is current) or a bare key. A key is 32
 * bytes written as base64, base64url or 64 hex digits. A bare key gets a kid derived from its hash,
 * so the same key always has the same id.
 */
export function parseKeyring(value: string): Keyring {
  const entries = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error("APP_ENCRYPTION_KEY is empty");
  const keys = new Map<string, Buffer>();
  for (const entry of entries) {
    const colon = entry.indexOf(":");
    const key = decodeKey(colon === -1 ? entry : entry.slice(colon + 1));
    const kid = colon === -1 ? derivedKid(key) : entry.slice(0, colon);
    if (!KID_PATTERN.test(kid)) throw new Error(`APP_ENCRYPTION_KEY: key id "${kid}" must be 1-32 of A-Z a-z 0-9 _ -`);
    if (keys.has(kid)) throw new Error(`APP_ENCRYPTION_KEY: key id "${kid}" appears twice`);
    keys.set(kid, key);
  }
  return { currentKid: keys.keys().next().value as string, keys };
}

function decodeKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32)
    throw new Error("APP_ENCRYPTION_KEY: each key must be 32 bytes (base64, base64url or 64 hex digits)");
  return key;
}

function derivedKid(key: Buffer): string {
  return `k${createHash("sha256").update(key).digest("base64url").slice(0, 8)}`;
}

/** A fresh random key in the `kid:base64url` form parseKeyring accepts. */
export function generateKeyEntry(kid = `k${Date.now().toString(36)}`): string {
  return `${kid}:${randomBytes(32).toString("base64url")}`;
}

/**
 * Seals `plaintext`. `purpose` is bound as additional data, so a sealed access token cannot be
 * passed off as a refresh token or a clinic key by swapping columns.
 */
export function seal(keyring: Keyring, plaintext: string, purpose: string): string {
  const key = keyring.keys.get(keyring.currentKid);
  if (!key) throw new Error("The current encryption key is missing from the keyring");
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`${VERSION}.${keyring.currentKid}.${purpose}`));
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    keyring.currentKid,
    iv.toString("base64url"),
    tag.toString("base64url"),
    ct.toString("base64url"),
  ].join(".");
}

export function open(keyring: Keyring, sealed: string, purpose: string): string {
  const parts = sealed.split(".");
  if (parts.length !== 5 || parts[0] !== VERSION) throw new DecryptionError("unknown format");
  const [, kid, ivText, tagText, ctText] = parts;
  const key = keyring.keys.get(kid);
  if (!key) throw new MissingKeyError(kid);
  const iv = Buffer.from(ivText, "base64url");
  const tag = Buffer.from(tagText, "base64url");
  if (iv.length !== 12 || tag.length !== 16) throw new DecryptionError("malformed");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, iv);
    decipher.setAAD(Buffer.from(`${VERSION}.${kid}.${purpose}`));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(Buffer.from(ctText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new DecryptionError("authentication failed (tampered, or sealed for another purpose)");
  }
}

/** How every value sealed with key `kid` begins. */
export function sealedPrefix(kid: string): string {
  return `${VERSION}.${kid}.`;
}

/** Whether a sealed value was made with an older key and should be sealed again. */
export function sealedWithOldKey(keyring: Keyring, sealed: string): boolean {
  return sealed.split(".")[1] !== keyring.currentKid;
}
