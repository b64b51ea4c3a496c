// Sealing of the app's stored secrets under the process keyring, one purpose per column so a
// ciphertext only opens where it was written.
import "server-only";
import { MissingKeyError, open, seal } from "@/lib/auth/crypto";
import { getKeyring } from "@/lib/auth/encryption-key";
import { ReconnectRequiredError } from "@/lib/auth/errors";
import { log } from "@/lib/log/logger";

export const SECRET_PURPOSES = {
  accessToken: "platform_connections.access_token",
  refreshToken: "platform_connections.refresh_token",
  clinicKey: "clinics.clinic_key",
} as const;

export type SecretPurpose = (typeof SECRET_PURPOSES)[keyof typeof SECRET_PURPOSES];

export function sealSecret(value: string, purpose: SecretPurpose): string {
  return seal(getKeyring(), value, purpose);
}

/**
 * The secret sealed in `sealed`. One sealed with a key this process does not hold (another process
 * was given a new key and this one was not) cannot be used here: the person signs in again, and the
 * log says which key is missing, never a crash.
 */
export function openSecret(sealed: string, purpose: SecretPurpose): string {
  try {
    return open(getKeyring(), sealed, purpose);
  } catch (error) {
    if (!(error instanceof MissingKeyError)) throw error;
    log.warn(
      `keys: a stored ${purpose} is sealed with key "${error.kid}", which this process's APP_ENCRYPTION_KEY does not hold; treated as needing sign-in again. Give every app process the same keys.`,
    );
    throw new ReconnectRequiredError("broken");
  }
}

/** The clinic key to send in the clinic key header, or undefined when the clinic has none. */
export function openClinicKey(clinicKeyEnc: string | null): string | undefined {
  return clinicKeyEnc ? openSecret(clinicKeyEnc, SECRET_PURPOSES.clinicKey) : undefined;
}
