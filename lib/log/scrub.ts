// The last net under every log line: whatever a caller passed by mistake, the configured secrets and
// anything shaped like a credential (a bearer token, a signature header's value, a key in the app's
// key format, an e-mail address) leave the line as [redacted].
const PATTERNS: RegExp[] = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi,
  /\bt=\d+,\s*v1=[A-Fa-f0-9]+/g, // a webhook signature header
  /\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b/g, // an e-mail address
  /"(access_token|refresh_token|client_secret|id_token)"\s*:\s*"[^"]*"/g,
];
// A value named as a credential in a message ("token abc…", "client_secret=…", "password: …").
const NAMED =
  /\b(access[_ ]?token|refresh[_ ]?token|token|secret|client_secret|password|api[_ ]?key)(["']?\s*[:=]\s*["']?|\s+)[^\s"',;)\]}]+/gi;

const SECRET_VARIABLES = [
  "CLINIC_CLIENT_SECRET",
  "CLINIC_WEBHOOK_SECRET",
  "CLINIC_WEBHOOK_SECRET_PREVIOUS",
  "CLINIC_WEBHOOK_CHALLENGE",
  "NEXTAUTH_SECRET",
  "APP_ENCRYPTION_KEY",
];

let secrets: string[] | undefined;

function configuredSecrets(): string[] {
  // Each key of APP_ENCRYPTION_KEY (kid:key,…) on its own too; short values would blank common words.
  return (secrets ??= SECRET_VARIABLES.flatMap((name) => {
    const value = process.env[name];
    if (!value) return [];
    return [value, ...value.split(",").map((part) => part.slice(part.indexOf(":") + 1))];
  }).filter((value) => value.length >= 8));
}

/** Forget the secrets read so far (a test that sets new ones). */
export function resetScrubSecrets(): void {
  secrets = undefined;
}

export function scrub(line: string): string {
  let out = line;
  for (const secret of configuredSecrets()) if (out.includes(secret)) out = out.split(secret).join("[redacted]");
  for (const pattern of PATTERNS) out = out.replace(pattern, "[redacted]");
  out = out.replace(NAMED, "$1$2[redacted]");
  return out;
}
