// Seeds the sandbox: the two applications of lib/contract/local-defaults.ts, clinics with
// practitioners, staff, patients, products, plans, orders, lab orders, resources, clinic keys and
// more than 30 days of past events of every type. Same seed → same data (times relative to now).
import { LOCAL_DEFAULTS, RESOURCE_CATEGORIES, RESOURCE_TYPES } from "@/lib/contract";
import { pick, seededRandom, seededToken } from "../core/random";
import type { SandboxState } from "../state/store";
import type { ClinicRow, PatientRow, UserRow } from "../state/types";
import { EVENTS_PER_TYPE, HISTORY_DAYS, seedHistory } from "./history";
import { SAMPLE_PDF, SAMPLE_PNG } from "./files";
import { CLINIC_NAMES, FIRST_NAMES, LAB_TESTS, LAST_NAMES, PRODUCTS, RESOURCE_TITLES, STAFF_ROLES } from "./names";

const DAY = 86_400_000;

export interface SeedCounts {
  clinics: number;
  practitionersPerClinic: number;
  staffPerClinic: number;
  patientsPerClinic: number;
  /** Each practitioner's own resources (a benchmark seeds a large clinic). */
  resourcesPerPractitioner: number;
}
export const DEFAULT_SEED_COUNTS: SeedCounts = {
  clinics: 2,
  practitionersPerClinic: 4,
  staffPerClinic: 3,
  patientsPerClinic: 36,
  resourcesPerPractitioner: 4,
};

export function seedState(s: SandboxState, counts: SeedCounts = DEFAULT_SEED_COUNTS): void {
  if (counts.patientsPerClinic <= EVENTS_PER_TYPE)
    throw new Error(`seedCounts.patientsPerClinic must exceed ${EVENTS_PER_TYPE} (the history's new patients)`);
  const random = seededRandom(s.seed);
  // File links from their own seeded stream, so that adding them did not shift the other data.
  const links = seededRandom(s.seed ^ 0x11e5);
  const now = s.clock.now();
  const ago = (minDays: number, maxDays: number) => Math.round(now - (minDays + random() * (maxDays - minDays)) * DAY);
  /** A time at least a day after the records it refers to (no random draw, so data does not shift). */
  const after = (ms: number, ...refs: number[]) => Math.max(ms, ...refs.map((r) => r + DAY));
  const person = () => ({ firstName: pick(random, FIRST_NAMES), lastName: pick(random, LAST_NAMES) });

  s.applications.set(LOCAL_DEFAULTS.clientId, {
    clientId: LOCAL_DEFAULTS.clientId,
    clientSecret: LOCAL_DEFAULTS.clientSecret,
    name: "Clinic Connect (local)",
    mode: "role",
    redirectUris: [],
    publicKey: LOCAL_DEFAULTS.embedPublicKey,
  });
  s.applications.set(LOCAL_DEFAULTS.clinicLevelClientId, {
    clientId: LOCAL_DEFAULTS.clinicLevelClientId,
    clientSecret: LOCAL_DEFAULTS.clinicLevelClientSecret,
    name: "Clinic Connect (clinic-level, legacy)",
    mode: "clinic",
    redirectUris: [],
    publicKey: LOCAL_DEFAULTS.clinicLevelEmbedPublicKey,
  });

  s.serviceResources = RESOURCE_TITLES.slice(0, 10).map((title, i) => {
    const at = ago(40, 200);
    const isPdf = i % 3 !== 0;
    return {
      id: s.ids.next("sres"),
      name: `Platform: ${title}`,
      description: `A platform-provided ${title.toLowerCase()}.`,
      type: RESOURCE_TYPES[i % RESOURCE_TYPES.length],
      category: RESOURCE_CATEGORIES[i % RESOURCE_CATEGORIES.length],
      file: {
        fileName: `${title.toLowerCase().replace(/\W+/g, "-")}.${isPdf ? "pdf" : "png"}`,
        contentType: isPdf ? "application/pdf" : "image/png",
        bytes: isPdf ? SAMPLE_PDF : SAMPLE_PNG,
        linkToken: seededToken(links, "f"),
      },
      createdAt: at,
      updatedAt: at,
    };
  });

  for (let c = 0; c < counts.clinics; c++) {
    const clinic: ClinicRow = {
      id: s.ids.next("clinic"),
      name: CLINIC_NAMES[c % CLINIC_NAMES.length],
      integrationId: s.ids.next("int"),
    };
    s.clinics.set(clinic.id, clinic);
    const domain = clinic.name.toLowerCase().split(" ")[0];
    const addUser = (type: UserRow["type"], role: string): UserRow => {
      const p = person();
      const u: UserRow = {
        id: s.ids.next(type === "Staff" ? "staff" : "prac"),
        clinicId: clinic.id,
        type,
        role,
        ...p,
        email: `${p.firstName}.${p.lastName}@${domain}.example`.toLowerCase(),
      };
      s.users.set(u.id, u);
      return u;
    };
    const practitioners = Array.from({ length: counts.practitionersPerClinic }, () =>
      addUser("Practitioner", "Practitioner"),
    );
    for (let i = 0; i < counts.staffPerClinic; i++) addUser("Staff", STAFF_ROLES[i % STAFF_ROLES.length]);

    const patients: PatientRow[] = Array.from({ length: counts.patientsPerClinic }, () => {
      const p = person();
      const at = ago(HISTORY_DAYS + 2, 400);
      const year = 1950 + Math.floor(random() * 60);
      const row: PatientRow = {
        id: s.ids.next("pat"),
        clinicId: clinic.id,
        ...p,
        email:
          random() < 0.9
            ? `${p.firstName}.${p.lastName}${Math.floor(random() * 100)}@mail.example`.toLowerCase()
            : null,
        dateOfBirth: `${year}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`,
        practitionerId: pick(random, practitioners).id,
        emancipatedAt: null,
        createdAt: at,
        updatedAt: at,
      };
      s.patients.set(row.id, row);
      return row;
    });
    const products = PRODUCTS.map(([name, brand]) => {
      const at = ago(60, 400);
      const row = {
        id: s.ids.next("prod"),
        clinicId: clinic.id,
        name,
        brand,
        description: `${name} by ${brand}.`,
        createdAt: at,
        updatedAt: at,
      };
      s.products.set(row.id, row);
      return row;
    });
    // The newest patients and products are left unreferenced: the seeded history's patient.created
    // and product.created events point at them (seed/history-plan.ts).
    const established = patients.slice(0, -EVENTS_PER_TYPE);
    const stocked = products.slice(0, -EVENTS_PER_TYPE);
    for (let i = 0; i < 12; i++) {
      const at = ago(HISTORY_DAYS + 1, 120);
      const patient = pick(random, established);
      const plan = {
        id: s.ids.next("tp"),
        clinicId: clinic.id,
        patientId: patient.id,
        practitionerId: patient.practitionerId ?? practitioners[0].id,
        state: (i % 6 === 5 ? "cancelled" : i % 4 === 3 ? "draft" : "active") as "draft" | "active" | "cancelled",
        recommendations: Array.from({ length: 1 + (i % 3) }, () => ({
          id: s.ids.next("rec"),
          productId: pick(random, stocked).id,
          dosage: `${1 + Math.floor(random() * 2)} capsule(s) daily`,
        })),
        labRecommendations: i % 2 ? [{ id: s.ids.next("labrec"), testName: pick(random, LAB_TESTS) }] : [],
        createdAt: at,
        updatedAt: at,
      };
      plan.createdAt = plan.updatedAt = after(
        at,
        patient.createdAt,
        ...plan.recommendations.map((r) => s.products.get(r.productId)?.createdAt ?? 0),
      );
      s.treatmentPlans.set(plan.id, plan);
    }
    for (let i = 0; i < 15; i++) {
      const row = {
        id: s.ids.next("ord"),
        clinicId: clinic.id,
        patientId: pick(random, established).id,
        totalCents: 1500 + Math.floor(random() * 20000),
        placedAt: ago(1, 60),
        // Chosen without a random draw, so that the data seeded after does not shift.
        lineItems: Array.from({ length: 1 + (i % 2) }, (_, k) => ({
          productId: stocked[(i * 5 + k * 7) % stocked.length].id,
          quantity: 1 + ((i + k) % 3),
        })),
      };
      row.placedAt = after(row.placedAt, s.patients.get(row.patientId)?.createdAt ?? 0);
      s.orders.set(row.id, row);
    }
    for (let i = 0; i < 8; i++) {
      const row = {
        id: s.ids.next("lab"),
        clinicId: clinic.id,
        patientId: pick(random, established).id,
        testName: pick(random, LAB_TESTS),
        status: (i % 3 === 0 ? "pending" : "results_available") as "pending" | "results_available",
        updatedAt: ago(1, 60),
      };
      row.updatedAt = after(row.updatedAt, s.patients.get(row.patientId)?.createdAt ?? 0);
      s.labOrders.set(row.id, row);
    }
    const plans = [...s.treatmentPlans.values()].filter((t) => t.clinicId === clinic.id);
    practitioners.forEach((prac, pi) => {
      for (let i = 0; i < counts.resourcesPerPractitioner; i++) {
        const at = ago(1, 90);
        const title = RESOURCE_TITLES[(pi * 4 + i) % RESOURCE_TITLES.length];
        const isPdf = i !== 2;
        const other = practitioners[(pi + 1) % practitioners.length];
        const row = {
          id: s.ids.next("res"),
          clinicId: clinic.id,
          practitionerId: prac.id,
          name: title,
          type: i === 3 ? null : RESOURCE_TYPES[(pi + i) % RESOURCE_TYPES.length],
          category: RESOURCE_CATEGORIES[(pi + 2 * i) % RESOURCE_CATEGORIES.length],
          treatmentPlanId: i === 1 ? (plans.find((p) => p.practitionerId === prac.id)?.id ?? null) : null,
          saveToLibrary: i !== 3,
          sharedWith: i === 0 && other.id !== prac.id ? [other.id] : [],
          file: {
            fileName: `${title.toLowerCase().replace(/\W+/g, "-")}.${isPdf ? "pdf" : "png"}`,
            contentType: isPdf ? "application/pdf" : "image/png",
            bytes: isPdf ? SAMPLE_PDF : SAMPLE_PNG,
            linkToken: seededToken(links, "f"),
          },
          createdAt: at,
          updatedAt: at,
        };
        if (row.treatmentPlanId)
          row.createdAt = row.updatedAt = after(at, s.treatmentPlans.get(row.treatmentPlanId)?.createdAt ?? 0);
        s.resources.set(row.id, row);
      }
    });
    seedHistory(s, clinic, random, now);
  }
}
