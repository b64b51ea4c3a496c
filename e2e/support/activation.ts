// Webhooks are sent only for activated integrations (spec 3). The app sends the clinic key once an
// admin enters it; specs that only need the webhooks activate the clinic with the test support's one
// activation (sandbox/testing/harness.ts), on the end-to-end stack's sandbox.
import type { Page } from "@playwright/test";
import { SandboxClient } from "@/sandbox/testing/harness";
import { SANDBOX, sandboxControl } from "./session";

export interface SeedClinic {
  id: string;
  current_clinic_key: string;
  staff: { id: string }[];
}

/** The end-to-end stack's sandbox, through the test support's client. */
export const platform = new SandboxClient({ url: SANDBOX });

export async function seedClinics(page: Page): Promise<SeedClinic[]> {
  return (await sandboxControl<{ clinics: SeedClinic[] }>(page, "seed")).clinics;
}
