"use server";
// The home page's action: the name a person gives when the platform does not list the clinic's people.
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { defineFormAction } from "@/lib/actions/builder";
import { done, refused } from "@/lib/actions/result";
import { saveOwnName } from "@/lib/people/own-name";

const OwnName = z.object({
  name: z.string().trim().min(1, "Type the name your clinic knows you by.").max(120, "Use at most 120 characters."),
});

export const saveOwnNameAction = defineFormAction(
  { name: "people.own-name", roles: [], input: OwnName, fromForm: (form) => ({ name: form.get("name") ?? "" }) },
  async ({ actor, input }) => {
    if (!(await saveOwnName(actor.userId, input.name)))
      return refused("The platform already names you; your name here follows it.");
    revalidatePath("/", "layout");
    return done(`Thank you, ${input.name}. Your clinic now sees your name.`);
  },
);
