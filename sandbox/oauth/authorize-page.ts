// The sign-in page of the authorization endpoint: a person picks one of the seeded practitioners
// or staff and approves (or denies). Plain HTML form with labelled buttons, no script.
import { escapeHtml } from "../http/reply";
import type { SandboxState } from "../state/store";
import type { ApplicationRow } from "../state/types";

export function pageShell(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,sans-serif;max-width:44rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
fieldset{border:1px solid #ccc;border-radius:.5rem;margin:1rem 0;padding:1rem}
button{font:inherit;margin:.25rem 0;padding:.5rem .75rem;border-radius:.375rem;border:1px solid #555;background:#fff;cursor:pointer;display:block;width:100%;text-align:left}
button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}.deny{border-color:#b91c1c;color:#b91c1c}
.error{border:2px solid #b91c1c;padding:1rem;border-radius:.5rem}</style></head><body><main>${body}</main></body></html>`;
}

export function errorPage(title: string, message: string): string {
  return pageShell(
    title,
    `<h1>${escapeHtml(title)}</h1><div class="error" role="alert"><p>${escapeHtml(message)}</p></div>`,
  );
}

export function signInPage(
  s: SandboxState,
  app: ApplicationRow,
  q: { redirect_uri: string; state?: string; scope?: string },
): string {
  const hidden = [
    ["client_id", app.clientId],
    ["redirect_uri", q.redirect_uri],
    ["response_type", "code"],
    ["state", q.state ?? ""],
    ["scope", q.scope ?? ""],
  ]
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join("");
  const clinics = [...s.clinics.values()]
    .map((clinic) => {
      const users = [...s.users.values()].filter((u) => u.clinicId === clinic.id);
      const buttons = users
        .map((u) => {
          // The visible text is the accessible name: "Sign in as <name> (<role>)", grouped by clinic.
          const label = `Sign in as ${u.firstName} ${u.lastName} (${u.type === "Staff" ? u.role : "Practitioner"})`;
          return `<button type="submit" name="user_id" value="${escapeHtml(u.id)}">${escapeHtml(label)}</button>`;
        })
        .join("");
      return `<fieldset><legend>${escapeHtml(clinic.name)}</legend>${buttons}</fieldset>`;
    })
    .join("");
  const mode =
    app.mode === "clinic" ? "a clinic-level connection (the app acts for the whole clinic)" : "your own account";
  return pageShell(
    "Sign in to the clinic platform (sandbox)",
    `<h1>Sign in to the clinic platform</h1>
<p><strong>${escapeHtml(app.name)}</strong> asks to connect with ${mode}. Choose who you are to approve.</p>
<form method="post" action="/api/oauth/authorize">${hidden}${clinics}
<button type="submit" name="decision" value="deny" class="deny">Deny access</button></form>`,
  );
}
