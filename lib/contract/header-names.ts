// The two header names the platform's servers use for the clinic key and the webhook signature. The
// spec names them `X-Service-Clinic-Key` and `Service-Signature`; the real servers name them after
// the platform's brand (its documentation shows which). So both are configuration, read the same way
// by the app (lib/config.ts) and the sandbox (sandbox/server.ts), with the spec's names by default:
// pointing the app at the real servers is then a change of environment, not of code.
import { HEADERS } from "./common";

export const HEADER_NAME_VARIABLES = {
  clinicKey: "CLINIC_KEY_HEADER",
  signature: "CLINIC_SIGNATURE_HEADER",
} as const;

export interface PlatformHeaderNames {
  /** Sent with every API request when the clinic has a key (spec 3, 5.6). */
  clinicKey: string;
  /** Carries `t=…,v1=…` on every webhook delivery (spec 6.3). */
  signature: string;
}

export const DEFAULT_HEADER_NAMES: PlatformHeaderNames = { clinicKey: HEADERS.clinicKey, signature: HEADERS.signature };

/** An HTTP field name is a `token` (RFC 9110 5.1): letters, digits and ! # $ % & ' * + - . ^ _ ` | ~. */
export const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Why `raw` cannot be the `key` header, in words an operator can act on; null if it can. */
export function headerNameProblem(key: keyof PlatformHeaderNames, raw: string): string | null {
  if (HTTP_TOKEN.test(raw)) return null;
  return (
    `${HEADER_NAME_VARIABLES[key]} is ${JSON.stringify(raw)}, which is not an HTTP header name. Use letters, digits ` +
    `and hyphens, with no spaces or colons (the name the platform's documentation gives), or unset it to use ` +
    `${DEFAULT_HEADER_NAMES[key]}`
  );
}

/**
 * The names from an environment (blank or unset: the spec's). Throws with every problem named; the
 * sandbox calls this at start-up, the app validates the same variables in lib/config.ts.
 */
export function headerNamesFrom(env: Record<string, string | undefined>): PlatformHeaderNames {
  const read = (key: keyof PlatformHeaderNames) => env[HEADER_NAME_VARIABLES[key]]?.trim() || DEFAULT_HEADER_NAMES[key];
  const names = { clinicKey: read("clinicKey"), signature: read("signature") };
  const problems = (Object.keys(names) as Array<keyof PlatformHeaderNames>)
    .map((key) => headerNameProblem(key, names[key]))
    .filter((p): p is string => p !== null);
  if (problems.length) throw new Error(problems.join("; "));
  return names;
}
