// The clinic key header (spec 3, 5.6): the first request with a valid key activates the
// integration and creates `clinic_key.activated`; a revoked key is refused.
import type { IncomingMessage } from "node:http";
import { emitEvent } from "../events/emit";
import { ApiError } from "../http/errors";
import { clinicKeyInfo } from "../state/serialize";
import type { SandboxState } from "../state/store";
import type { ClinicKeyRow } from "../state/types";

export function checkClinicKey(s: SandboxState, req: IncomingMessage, clinicId: string): void {
  const name = s.headerNames.clinicKey;
  const raw = req.headers[name.toLowerCase()];
  if (raw === undefined) return;
  const value = Array.isArray(raw) ? raw[0] : raw;
  const key = s.clinicKeys.find((k) => k.value === value);
  if (!key || key.clinicId !== clinicId) {
    throw ApiError.of(403, "clinic_key_invalid", `The ${name} header does not hold a key of this clinic.`);
  }
  if (key.revokedAt !== null) {
    throw ApiError.of(
      403,
      "clinic_key_revoked",
      "This clinic key has been revoked by the clinic; ask the clinic for a new key.",
    );
  }
  if (key.activatedAt === null) activateKey(s, key);
}

export function activateKey(s: SandboxState, key: ClinicKeyRow): void {
  key.activatedAt = s.clock.now();
  s.stats.clinic_key_activations += 1;
  emitEvent(s, { clinicId: key.clinicId, type: "clinic_key.activated", object: clinicKeyInfo(s, key) });
}

/** The clinic revokes access: the current key ends, and `clinic_key.revoked` is created. */
export function revokeKey(s: SandboxState, clinicId: string): ClinicKeyRow | null {
  const key = s.currentKey(clinicId);
  if (!key || key.revokedAt !== null) return null;
  key.revokedAt = s.clock.now();
  emitEvent(s, { clinicId, type: "clinic_key.revoked", object: clinicKeyInfo(s, key) });
  return key;
}

/** A fresh, not yet activated key (the clinic reconnects after a revocation). */
export function issueKey(s: SandboxState, clinicId: string, at = s.clock.now()): ClinicKeyRow {
  const id = s.ids.next("ckey");
  const key: ClinicKeyRow = {
    id,
    clinicId,
    value: `ck_${id.slice(5)}${s.ids.next("x").slice(2)}`,
    issuedAt: at,
    activatedAt: null,
    revokedAt: null,
  };
  s.clinicKeys.push(key);
  return key;
}
