// The sandbox's in-memory records. Times are sandbox-clock milliseconds; API shapes are built from
// these by state/serialize.ts (which applies the account's patch_version).
import type { EventListMode, EventType, PatchVersion, ResourceCategory, ResourceType, UserType } from "@/lib/contract";

export interface ClinicRow {
  id: string;
  name: string;
  integrationId: string;
}
export interface ClinicKeyRow {
  id: string;
  clinicId: string;
  value: string;
  issuedAt: number;
  activatedAt: number | null;
  revokedAt: number | null;
}
export interface UserRow {
  id: string;
  clinicId: string;
  type: UserType;
  firstName: string;
  lastName: string;
  email: string;
  /** Staff role shown on the sign-in page (admins are staff with role "Clinic admin"). */
  role: string;
}
export interface ApplicationRow {
  clientId: string;
  clientSecret: string;
  name: string;
  mode: "role" | "clinic";
  redirectUris: string[];
  /** The public key the API dashboard shows; the embedded feature's address must carry it. */
  publicKey: string;
}
export interface AuthCodeRow {
  code: string;
  clientId: string;
  redirectUri: string;
  userId: string;
  scope: string;
  issuedAt: number;
  usedAt: number | null;
  grantId: string | null;
}
/** One authorization (a chain of access tokens refreshed from one code). */
export interface TokenGrantRow {
  id: string;
  clientId: string;
  userId: string;
  clinicId: string;
  mode: "role" | "clinic";
  scope: string;
  revoked: boolean;
}
export interface AccessTokenRow {
  token: string;
  grantId: string;
  createdAt: number;
  expired: boolean;
  revoked: boolean;
}
export interface RefreshTokenRow {
  token: string;
  grantId: string;
  spent: boolean;
}

export interface StoredFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  linkToken: string;
}
export interface ResourceRow {
  id: string;
  clinicId: string;
  practitionerId: string;
  name: string;
  type: ResourceType | null;
  category: ResourceCategory | null;
  treatmentPlanId: string | null;
  saveToLibrary: boolean;
  sharedWith: string[];
  file: StoredFile;
  createdAt: number;
  updatedAt: number;
}
export interface ServiceResourceRow {
  id: string;
  name: string;
  description: string | null;
  type: ResourceType | null;
  category: ResourceCategory | null;
  file: StoredFile;
  createdAt: number;
  updatedAt: number;
}
export interface PatientRow {
  id: string;
  clinicId: string;
  firstName: string;
  lastName: string;
  email: string | null;
  dateOfBirth: string | null;
  practitionerId: string | null;
  emancipatedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** Set by POST /api/clinic/patients (seeded and activity patients have none). */
  gender?: "male" | "female" | "x" | null;
  mobileNumber?: string | null;
  /** Percent, as a number. */
  discount?: number;
  /** The integrator's own id (documented `metadata.id`), unique in the clinic. */
  metadataId?: string | null;
}
export interface RecommendationRow {
  id: string;
  productId: string;
  dosage: string | null;
}
export interface TreatmentPlanRow {
  id: string;
  clinicId: string;
  patientId: string;
  practitionerId: string;
  state: "draft" | "active" | "cancelled";
  recommendations: RecommendationRow[];
  labRecommendations: { id: string; testName: string }[];
  createdAt: number;
  updatedAt: number;
}
export interface ProductRow {
  id: string;
  clinicId: string;
  name: string;
  brand: string;
  description: string;
  createdAt: number;
  updatedAt: number;
}
export interface OrderRow {
  id: string;
  clinicId: string;
  patientId: string;
  totalCents: number;
  placedAt: number;
  /** The products bought (their first variant, `<product id>-v1`, as product events show it). */
  lineItems: { productId: string; quantity: number }[];
}
export interface LabOrderRow {
  id: string;
  clinicId: string;
  patientId: string;
  testName: string;
  status: "pending" | "results_available" | "amended";
  updatedAt: number;
}
export interface SessionGrantRow {
  id: string;
  clinicId: string;
  clientId: string;
  secretToken: string;
  userId: string;
  userType: UserType;
  createdAt: number;
  expiresAt: number;
  claimedAt: number | null;
}
export interface EmbedSessionRow {
  token: string;
  grantId: string;
  clinicId: string;
  clientId: string;
  userId: string;
  /** The parent's origin (`target_origin`): the only one the page posts to, and may be framed by. */
  origin: string;
  /** The parent's name for this frame (`frame_id`): every message's type starts with it. */
  frameId: string;
  expiresAt: number;
}
/** A patient's details as the embed library tokenized them: single use, for one origin, briefly. */
export interface DataTokenRow {
  token: string;
  /** The page that asked (its Origin): the token opens a feature only for a frame of that origin. */
  origin: string;
  /** The snake-cased fields as posted (lib/contract/embed.ts, TokenizePatientSchema). */
  patient: Record<string, unknown>;
  expiresAt: number;
  usedAt: number | null;
}
export interface EventRow {
  id: string;
  seq: number;
  type: EventType;
  clinicId: string;
  integrationId: string | null;
  createdAt: number;
  /** The event's data as the platform's documentation shows it (sandbox/events/payloads.ts). */
  data: Record<string, unknown>;
  /** The sandbox's own snapshot of the record the event is about, in API shape (never served). */
  record: Record<string, unknown>;
  previousAttributes: Record<string, unknown> | null;
}
export interface DeliveryRow {
  id: string;
  seq: number;
  eventId: string;
  eventType: EventType;
  clinicId: string;
  url: string;
  attempt: number;
  attemptedAt: number;
  statusCode: number | null;
  successfullyDelivered: boolean;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  nextAttemptAt: number | null;
}
export interface WebhookEndpointRow {
  url: string;
  eventTypes: EventType[];
  signingSecret: string;
  challengeToken: string;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: number | null;
  signatureClock: "sandbox" | "wall";
}
export interface AccountRow {
  patchVersion: PatchVersion;
  /** Whether the people lists (extension) exist; false answers them 404. */
  peopleLists: boolean;
  /** What an event list's items carry: whole events (default) or ids alone. */
  eventLists: EventListMode;
  /** Records with only their documented fields, single records bare, undocumented paths 404 (api/documented.ts). */
  documentedRecords: boolean;
}

export type { TracedRequest } from "@/lib/contract";
