// Where the token encryption keyring comes from: APP_ENCRYPTION_KEY, or in development a key made
// once under .data/ (owner-only). In production a missing key is a start-up error, never a silently
// generated key that would make every stored token unreadable after the next deploy.
import "server-only";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "@/lib/config";
import { generateKeyEntry, parseKeyring, type Keyring } from "@/lib/auth/crypto";

export const MISSING_KEY_MESSAGE =
  "APP_ENCRYPTION_KEY is not set. Platform tokens are encrypted at rest, and production refuses to " +
  "start without a key. Generate one with `node -e \"console.log('k1:'+require('crypto').randomBytes(32).toString('base64url'))\"` " +
  "and set APP_ENCRYPTION_KEY=k1:<key> (to rotate: APP_ENCRYPTION_KEY=k2:<new>,k1:<old>).";

export interface KeyringSource {
  encryptionKey?: string;
  isProduction: boolean;
  /** Folder for the development key; defaults to `<cwd>/.data`. */
  dataDir?: string;
}

export function loadKeyring(source: KeyringSource): Keyring {
  if (source.encryptionKey) return parseKeyring(source.encryptionKey);
  if (source.isProduction) throw new Error(MISSING_KEY_MESSAGE);
  return parseKeyring(developmentKey(source.dataDir ?? path.join(process.cwd(), ".data")));
}

function developmentKey(dataDir: string): string {
  const file = path.join(dataDir, "encryption.key");
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    // "wx": only the first process to get here writes; the others read what it wrote.
    fs.writeFileSync(file, generateKeyEntry("dev1"), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return readWhenWritten(file);
}

function readWhenWritten(file: string): string {
  // A concurrent writer may have created the file but not yet filled it.
  for (let attempt = 0; attempt < 50; attempt++) {
    const text = fs.readFileSync(file, "utf8").trim();
    if (text) return text;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
  throw new Error(`${file} is empty; delete it to generate a new development key`);
}

let cached: Keyring | undefined;

/** The keyring as APP_ENCRYPTION_KEY gives it, its first key current. Call at start-up to fail fast in production without a key. */
export function configuredKeyring(): Keyring {
  if (!cached) {
    const config = getConfig();
    cached = loadKeyring({ encryptionKey: config.encryptionKey, isProduction: config.isProduction });
  }
  return cached;
}

// On globalThis: the app server's bundle and Next.js's chunks each have a copy of this module.
const sealing = globalThis as unknown as Record<symbol, string | undefined>;
const SEALING_KID = Symbol.for("clinic-connect.sealing-kid");

/** Which key this process seals with from now on, as the processes agreed (lib/auth/key-agreement.ts). */
export function sealWithKid(kid: string): void {
  sealing[SEALING_KID] = kid;
}

/**
 * The keyring to seal and open with: every configured key opens, and new values are sealed with the
 * key every live process holds. Until this process has read that agreement, a keyring of several
 * keys seals with its last, the key being retired, which the processes not yet restarted hold.
 */
export function getKeyring(): Keyring {
  const keyring = configuredKeyring();
  const kids = [...keyring.keys.keys()];
  const kid = sealing[SEALING_KID] ?? kids[kids.length - 1]!;
  return kid === keyring.currentKid || !keyring.keys.has(kid) ? keyring : { ...keyring, currentKid: kid };
}
