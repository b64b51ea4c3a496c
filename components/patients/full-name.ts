// A patient's name as the lists show it: the platform's full name, else the first and last names.
import type { Patient } from "@/lib/contract";

export const fullName = (p: Patient): string => p.full_name ?? `${p.first_name} ${p.last_name}`;
