// Sealing of the app's stored secrets under the process keyring, one purpose per column so a
// ciphertext only opens where it was written.
import "server-only";
import { open, seal } from "@/lib/auth/crypto";
import { getKeyring } from "@/lib/auth/encryption-key";

export const SECRET_PURPOSES = {
  accessToken: "platform_connections.access_token",
  refreshToken: "platform_connections.refresh_token",
  clinicKey: "clinics.clinic_key",
} as const;

export type SecretPurpose = (typeof SECRET_PURPOSES)[keyof typeof SECRET_PURPOSES];

export function sealSecret(value: string, purpose: SecretPurpose): string {
  return seal(getKeyring(), value, purpose);
}

export function openSecret(sealed: string, purpose: SecretPurpose): string {
  return open(getKeyring(), sealed, purpose);
}

/** The clinic key to send in the clinic key header, or undefined when the clinic has none. */
export function openClinicKey(clinicKeyEnc: string | null): string | undefined {
  return clinicKeyEnc ? openSecret(clinicKeyEnc, SECRET_PURPOSES.clinicKey) : undefined;
}
