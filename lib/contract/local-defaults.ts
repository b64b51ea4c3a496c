// Defaults shared by the app and the local sandbox, so that `npm start` works with nothing configured:
// the sandbox seeds exactly this application, and the app uses it when the environment names none.
// Production values always come from the environment; these are for the local sandbox only.

export const LOCAL_DEFAULTS = {
  appPort: 3000,
  sandboxPort: 4010,
  clientId: "clinic-connect-local",
  clientSecret: "local-sandbox-client-secret",
  // A second, clinic-level application (spec 5.5: created before 26 August 2021).
  clinicLevelClientId: "clinic-connect-legacy",
  clinicLevelClientSecret: "local-sandbox-legacy-secret",
  webhookSecret: "local-sandbox-webhook-signing-secret",
  webhookChallenge: "local-sandbox-challenge-token",
  // The public key each application shows in the platform's API dashboard, which the embedded
  // feature's address carries; the sandbox refuses one that is not the grant's application's.
  embedPublicKey: "clinic-connect-local-public-key",
  clinicLevelEmbedPublicKey: "clinic-connect-legacy-public-key",
} as const;

export function localSandboxUrl(port: number = LOCAL_DEFAULTS.sandboxPort): string {
  return `http://127.0.0.1:${port}`;
}

export function localAppUrl(port: number = LOCAL_DEFAULTS.appPort): string {
  return `http://localhost:${port}`;
}
