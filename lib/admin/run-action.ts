// The frame of every admin server action: the caller must be a signed-in admin (checked here, in the
// action itself: an action is a public POST endpoint), the input is parsed with zod, and failures
// become sentences. Platform errors are logged by class and request id only.
import "server-only";
import { redirect } from "next/navigation";
import type { z } from "zod";
import { AdminActionError, decideAccess, getCurrentUser, type Actor } from "@/lib/auth";
import { platformFailureMessage } from "@/lib/admin/platform-message";
import { fieldErrors, refused, type AdminActionResult } from "@/lib/admin/result";

export const NOT_ADMIN_MESSAGE = "Only admins of this clinic may do this. Ask an admin to promote you.";

export async function adminActor(): Promise<Actor | null> {
  const user = await getCurrentUser();
  if (!user) redirect("/signin");
  return decideAccess(user, ["Admin"]) === "allow" ? { userId: user.id, clinicId: user.clinicId } : null;
}

export async function runAdminAction<S extends z.ZodType>(
  schema: S,
  input: unknown,
  work: (actor: Actor, input: z.infer<S>) => Promise<AdminActionResult>,
  invalidMessage = "Please correct the highlighted fields.",
): Promise<AdminActionResult> {
  const actor = await adminActor();
  if (!actor) return { ok: false, message: NOT_ADMIN_MESSAGE, errors: {}, notAdmin: true };
  const parsed = schema.safeParse(input);
  if (!parsed.success) return refused(invalidMessage, fieldErrors(parsed.error.issues));
  try {
    return await work(actor, parsed.data);
  } catch (error) {
    if (error instanceof AdminActionError) return refused(error.message);
    const details =
      error instanceof Error
        ? `${error.name}${"requestId" in error && error.requestId ? ` (request ${String(error.requestId)})` : ""}`
        : typeof error;
    console.error(`[admin] action failed: ${details}`);
    return refused(platformFailureMessage(error));
  }
}
