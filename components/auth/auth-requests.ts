// next-auth's sign-in and sign-out as its REST API defines them: the same two requests its client
// (next-auth/react's signIn and signOut) sends, a CSRF token then a form POST answered with the
// address to go to. Sent by hand so that every page does not ship that client for one button in
// the header; the app has no SessionProvider to keep in step.

async function authPost(path: string, fields: Record<string, string>): Promise<string> {
  const csrf = (await (await fetch("/api/auth/csrf", { cache: "no-store" })).json()) as { csrfToken: string };
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, csrfToken: csrf.csrfToken, json: "true" }),
  });
  const { url } = (await response.json()) as { url?: string };
  if (!url) throw new Error(`${path} answered ${response.status} without an address`);
  return url;
}

/** Leaves for the platform's authorize page (next-auth sets the state cookie first). */
export async function signInWithPlatform(callbackUrl: string): Promise<void> {
  window.location.href = await authPost("/api/auth/signin/clinic", { callbackUrl });
}

/** Signs out (the server revokes the platform token as part of it) and goes to `callbackUrl`. */
export async function signOutOfApp(callbackUrl: string): Promise<void> {
  window.location.href = await authPost("/api/auth/signout", { callbackUrl });
}
