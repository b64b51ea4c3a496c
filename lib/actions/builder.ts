// The one way to write a server action (and a JSON route, lib/actions/route.ts): declared roles, a
// zod input, the caller resolved once, and one result type out (lib/results/result.ts). A server
// action is a public POST endpoint, so the caller is checked here, before any input is read, and
// every refusal of the same kind gets the same answer. In the spirit of dub's authActionClient; our
// own because our result carries the platform's request id and "sign in again", and a route
// handler reuses it unchanged.
import "server-only";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { decideAccess, getCurrentUser, type Actor, type Caller } from "@/lib/auth";
import type { AppRole } from "@/lib/people/roles";
import { describeForLog, failureOf, type FailureWording } from "@/lib/actions/platform-failure";
import {
  FORBIDDEN,
  SIGNED_OUT,
  fieldErrors,
  invalid,
  type ActionFailure,
  type ActionResult,
  type FailureCode,
} from "@/lib/results/result";
import { requestTranslator } from "@/lib/auth/language";
import { localizeResult } from "@/lib/i18n/settle";
import { log } from "@/lib/log/logger";
import { addLogContext } from "@/lib/log/context";

export interface ActionSpec<S extends z.ZodType | undefined> {
  /** Names the action in logs, and wherever settle() records outcomes. */
  name: string;
  /** Who may call it; empty means anyone signed in. Usually a section's roles (lib/auth/sections.ts). */
  roles: readonly AppRole[];
  /** The input's schema; without one, whatever was sent is ignored. */
  input?: S;
  wording?: FailureWording;
}

export interface ActionContext<I> {
  caller: Caller;
  /** The caller as the admin functions take it. */
  actor: Actor;
  input: I;
}

export type InputOf<S> = S extends z.ZodType ? z.output<S> : undefined;
export type Work<S, T> = (context: ActionContext<InputOf<S>>) => Promise<ActionResult<T>>;

/** The caller, or the refusal: signed out and wrong role each have one answer. */
export async function authorize(
  roles: readonly AppRole[],
): Promise<{ ok: true; caller: Caller } | { ok: false; failure: ActionFailure }> {
  const user = await getCurrentUser();
  const decision = decideAccess(user, roles);
  if (decision === "sign-in" || !user) return { ok: false, failure: SIGNED_OUT };
  if (decision === "deny") return { ok: false, failure: FORBIDDEN };
  return { ok: true, caller: { user, clinicId: user.clinicId } };
}

/** Runs `work` for the caller with its parsed input; `readInput` runs only once the caller passed. */
export async function perform<S extends z.ZodType | undefined, T>(
  spec: ActionSpec<S>,
  readInput: () => unknown,
  work: Work<S, T>,
): Promise<ActionResult<T>> {
  const access = await authorize(spec.roles);
  if (!access.ok) return await settle(spec.name, null, access.failure);
  const { caller } = access;
  addLogContext({ clinicId: caller.clinicId });
  let input: unknown = undefined;
  if (spec.input) {
    const parsed = spec.input.safeParse(await readInput());
    if (!parsed.success) return await settle(spec.name, caller, invalid(fieldErrors(parsed.error.issues)));
    input = parsed.data;
  }
  try {
    const actor = { userId: caller.user.id, clinicId: caller.clinicId };
    return await settle(spec.name, caller, await work({ caller, actor, input: input as InputOf<S> }));
  } catch (error) {
    unstable_rethrow(error); // Next.js's own redirects and not-founds are not failures
    return await settle(spec.name, caller, failureOf(error, spec.wording), error);
  }
}

/**
 * The one place where who called, which action and how it ended are known together. Today it logs
 * what was thrown when it is the app's or the platform's trouble (by class and request id only; a
 * person's refusal is not an error). An entry every action should leave (who tried what, and how it
 * ended) belongs here; what an action changed, it records itself (lib/audit). It is also where the
 * result's words, catalog keys until now, are said in the caller's language.
 */
async function settle<T>(
  name: string,
  caller: Caller | null,
  result: ActionResult<T>,
  thrown?: unknown,
): Promise<ActionResult<T>> {
  if (thrown !== undefined && !result.ok && OPERATIONAL.has(result.code))
    log.error(`action: ${name} failed: ${describeForLog(thrown)}`, {
      userId: caller?.user.id,
      clinicId: caller?.clinicId,
    });
  return localizeResult(await requestTranslator(), result);
}

/** Failures that are the app's or the platform's trouble, worth a line in the server's log. */
const OPERATIONAL = new Set<FailureCode>(["busy", "unavailable", "unexpected", "error"]);

/** A server action called with one argument: `action(input)`. */
export function defineAction<T, S extends z.ZodType | undefined = undefined>(
  spec: ActionSpec<S>,
  work: Work<S, T>,
): (input?: unknown) => Promise<ActionResult<T>> {
  return (input?: unknown) => perform(spec, () => input, work);
}

/**
 * A form's server action for useActionState: `(previous, form)`. `fromForm` picks the fields; the
 * form may be anything a request carried, so a missing one reads as an empty form.
 */
export function defineFormAction<T, S extends z.ZodType | undefined = undefined>(
  spec: ActionSpec<S> & { fromForm: (form: FormData) => unknown },
  work: Work<S, T>,
): (previous: unknown, form: unknown) => Promise<ActionResult<T>> {
  return (_previous: unknown, form: unknown) =>
    perform(spec, () => spec.fromForm(form instanceof FormData ? form : new FormData()), work);
}
