"use server";
// Actions of the whole app: the name a person gives when the platform does not list the clinic's
// people, and the language they choose (kept on their user row; the cookie is the browser's).
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { hasBidiControl } from "@/lib/bidi";
import { defineAction, defineFormAction } from "@/lib/actions/builder";
import { done, refused } from "@/lib/results/result";
import { saveOwnName } from "@/lib/people/own-name";
import { rememberLocale } from "@/lib/i18n/preference";
import { LOCALES } from "@/lib/i18n/locales";

const OwnName = z.object({
  // The name is shown to the clinic's other people (and in the audit trail): no direction overrides.
  name: z
    .string()
    .trim()
    .min(1, "validation.ownNameRequired")
    .max(120, "validation.ownNameTooLong")
    .refine((n) => !hasBidiControl(n), "validation.textBidi"),
});

export const saveOwnNameAction = defineFormAction(
  { name: "people.own-name", roles: [], input: OwnName, fromForm: (form) => ({ name: form.get("name") ?? "" }) },
  async ({ actor, input }) => {
    if (!(await saveOwnName(actor.userId, input.name))) return refused("home.ownName.platformNames");
    revalidatePath("/", "layout");
    return done("home.ownName.saved", { name: input.name });
  },
);

export const saveLocaleAction = defineAction(
  { name: "people.locale", roles: [], input: z.object({ locale: z.enum(LOCALES) }) },
  async ({ actor, input }) => {
    await rememberLocale(actor.userId, input.locale);
    return done("header.languageSaved");
  },
);
