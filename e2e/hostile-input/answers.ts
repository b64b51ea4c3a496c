// The app's answers, written once: one answer per kind of refusal, whichever action or route
// refuses (lib/results/result.ts). Server actions answer them as their value, JSON routes as their
// body with the kind's HTTP status; a few routes answer in words of their own, also here.
import { expect } from "@playwright/test";

/** Nobody signed in (or a forged session): the same words and the way back, everywhere. */
export const SIGNED_OUT = {
  ok: false,
  code: "sign-in",
  message: "You are signed out. Sign in again to continue.",
  errors: {},
  reconnect: "/signin",
};
/** Signed in, but the action's declared roles do not include the caller's. */
export const FORBIDDEN = {
  ok: false,
  code: "forbidden",
  message: "Your role does not allow this. Ask an admin of your clinic if you need it.",
  errors: {},
};
export const INVALID = "Please correct the highlighted fields.";
/** The input failed its schema: one message, and a message per named field. */
export const invalid = (...fields: string[]) => ({
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: Object.fromEntries(fields.map((f) => [f, [expect.any(String)]])),
});
/** A thing of another clinic (or none at all): the two answer alike. */
export const missing = (thing: string) => ({
  ok: false,
  code: "not-found",
  message: `No such ${thing} in your clinic.`,
  errors: {},
});
/** A rule of the product said no; the message says what to do instead. */
export const refusedBy = (message: string, errors: Record<string, unknown> = {}) => ({
  ok: false,
  code: "refused",
  message,
  errors,
});

export const NO_CONNECTION = missing("connection");
export const BAD_CONNECTION = {
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { connectionId: ["That is not a connection of this app."] },
};
export const NO_USER = missing("user");
export const BAD_USER = {
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { userId: ["That is not a user of this app."] },
};
export const BAD_PERSON = {
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { platformUserId: ["That is not a person of this clinic."] },
};
export const KEY_MESSAGES = {
  unknown:
    "The platform does not know this key for your clinic. Copy it again from the platform's dashboard; a key of another clinic is refused too.",
  short: "A clinic key is longer than that: copy the whole key from the platform's dashboard.",
  long: "That is too long for a clinic key: copy only the key.",
  characters: "A clinic key has no spaces or special characters: copy only the key.",
};
/** The key's own rules (its schema) refused it. */
export const keyInvalid = (...messages: string[]) => ({
  ok: false,
  code: "invalid",
  message: INVALID,
  errors: { clinicKey: messages },
});
/** The platform refused a well-formed key. */
export const KEY_UNKNOWN = refusedBy("The key was not saved.", { clinicKey: [KEY_MESSAGES.unknown] });
/** An empty key: too short, and (being empty) not made of the key's characters either. */
export const KEY_MISSING = keyInvalid(KEY_MESSAGES.short, KEY_MESSAGES.characters);
export const ONLY_OWN = {
  ok: false,
  code: "not-found",
  message: "You can only work on your own resources.",
  errors: {},
};
const PICK_MESSAGE = "Pick the practitioner you are acting for first.";
export const PICK = { ok: false, code: "invalid", message: PICK_MESSAGE, errors: { practitionerId: [PICK_MESSAGE] } };
export const NOT_IN_CLINIC = missing("practitioner");
export const PLATFORM_404 = {
  ok: false,
  code: "not-found",
  message: "The platform does not know this resource or practitioner (it may have been deleted, or it is not yours).",
  requestId: expect.any(String),
  errors: {},
};
export const BIDI_NAME =
  'Remove the characters that reverse the text\'s direction from the name: they can make a name read as something else ("fdp.exe" shown as "exe.pdf").';
export const BODY_TOO_LARGE = "This is more than the app accepts at once (11\u00a0MB at most). Send a smaller file.";
/** A refusal of the upload route with its own words (a file's problem says what to do about it). */
export const refusedAs = (code: string, message: string, errors: Record<string, unknown> = {}) => ({
  ok: false,
  code,
  message,
  errors,
});
export const UNSAFE_NAME =
  "The file's name has characters that are not allowed (slashes, control characters or text-direction marks). Rename it.";
export const SEARCH_TOO_SHORT =
  "Search for at least three letters or digits in a row, such as part of a name or an id.";
export const searchRefused = { ok: false, code: "invalid", message: INVALID, errors: { q: [SEARCH_TOO_SHORT] } };
export const FOREIGN_FORM = { error: "This request did not come from this app." };
/** The embedded session route answers in its own shape (lib/embedded/session.ts), with the same words. */
export const EMBED_SIGNED_OUT = () => ({ error: SIGNED_OUT.message, reconnect: SIGNED_OUT.reconnect });
