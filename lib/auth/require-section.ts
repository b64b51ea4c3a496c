// A page's guard by its section (lib/auth/sections.ts): the roles the navigation offers it to are
// the roles its pages admit. Signed out → the sign-in page; another role → not found.
import "server-only";
import { requireRole, type Caller } from "@/lib/auth/guards";
import { SECTIONS, type SectionKey } from "@/lib/auth/sections";

export function requireSection(key: SectionKey): Promise<Caller> {
  return requireRole(...SECTIONS[key].roles);
}
