// The hostile-input specs' shared setup: each spec file's cast (support/cast.ts: who acts, and the
// other clinic's records they aim at), assembled before the file's first test and closed after its
// last, and what no answer may carry: a token, a stack trace, a secret or an unsafe echo.
import { expect, test } from "@playwright/test";
import { LOCAL_DEFAULTS } from "@/lib/contract/local-defaults";
import { assembleCast, type Cast } from "../support/cast";

/** The cast of the spec file under way (each file calls `castPerFile()` once, at its top). */
export let cast: Cast;

export function castPerFile(): void {
  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(180_000);
    cast = await assembleCast(browser);
  });
  test.afterAll(async () => {
    await cast?.close();
  });
}

const TOKEN = /\b(at|rt)_[A-Za-z0-9_-]{32}\b/;
const STACK = /\n\s+at \S+ \(|node_modules|\.next\/server|webpack-internal|PrismaClient/;

export function expectNoLeak(text: string, cast: Cast, echo: string[]): void {
  expect(text).not.toMatch(TOKEN);
  expect(text).not.toMatch(STACK);
  const secrets = [
    LOCAL_DEFAULTS.clientSecret,
    LOCAL_DEFAULTS.webhookSecret,
    LOCAL_DEFAULTS.webhookChallenge,
    cast.databaseUrl,
    cast.other.clinicKey,
    cast.clinics.a.current_clinic_key,
  ];
  for (const secret of [...secrets, ...echo])
    expect(text, `the answer contains ${JSON.stringify(secret.slice(0, 60))}`).not.toContain(secret);
}

export const SQL = "'; DROP TABLE users; --";
export const HTML = "<img src=x onerror=alert(1)>";
export const UNICODE = "é\u202e😀\ud800";
/** UNICODE as a browser would put it in a URL: the lone surrogate's bytes are not valid UTF-8. */
export const UNICODE_QUERY = "%C3%A9%E2%80%AE%F0%9F%98%80%ED%A0%80";
