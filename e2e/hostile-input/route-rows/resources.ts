// Rows of the resource library's upload, edit and delete routes, and of a patient's route.
import { expect } from "@playwright/test";
import { TAG } from "../../support/cast";
import {
  BIDI_NAME,
  BODY_TOO_LARGE,
  FORBIDDEN,
  invalid,
  INVALID,
  missing,
  NOT_IN_CLINIC,
  ONLY_OWN,
  PICK,
  PLATFORM_404,
  refusedAs,
  SIGNED_OUT,
  UNSAFE_NAME,
} from "../answers";
import { HTML, SQL } from "../setup";
import { edit, EXE_AS_PDF, FIELDS, FORGED, get, OVER_LIMIT, PDF, upload, type RouteRow } from "./row";

export const RESOURCE_ROUTE_ROWS: Record<string, RouteRow[]> = {
  "POST /api/resources": [
    {
      name: "signed out",
      as: "anon",
      send: upload({ ...FIELDS, file: PDF }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie of garbage",
      as: "anon",
      send: upload({ ...FIELDS, file: PDF }, { Cookie: FORGED }),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "a session cookie copied before its sign-out",
      as: "anon",
      send: (api, c) => upload({ ...FIELDS, file: PDF }, { Cookie: c.endedSession })(api),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "from another site (Origin)",
      as: "practitioner",
      send: upload({ ...FIELDS, file: PDF }, { Origin: "http://evil.example" }),
      status: 403,
      json: () => ({ ...FORBIDDEN, message: "This upload did not come from this app." }),
      noEcho: () => ["evil.example"],
    },
    {
      name: "JSON instead of multipart",
      as: "practitioner",
      send: (api) => api.post("/api/resources", { data: { ...FIELDS, file: "data:application/pdf;base64,AAAA" } }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "an empty multipart body",
      as: "practitioner",
      send: (api) =>
        api.post("/api/resources", { headers: { "Content-Type": "multipart/form-data; boundary=x" }, data: "" }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
    {
      // Also: answered with the same security headers as every page, though an upload skips proxy.ts.
      name: "no name",
      as: "practitioner",
      send: upload({ save_to_library: "true", file: PDF }),
      status: 422,
      json: () => invalid("name"),
      check: (response) =>
        expect([
          response.headers()["x-frame-options"],
          response.headers()["x-content-type-options"],
          response.headers()["content-security-policy"]?.includes("frame-ancestors 'none'"),
        ]).toEqual(["DENY", "nosniff", true]),
    },
    {
      name: "a name of 10,000 characters",
      as: "practitioner",
      send: upload({ ...FIELDS, name: "n".repeat(10_000), file: PDF }),
      status: 422,
      json: () => invalid("name"),
    },
    {
      name: "a name with a right-to-left override (Invoice fdp.exe reads as exe.pdf)",
      as: "practitioner",
      send: upload({ ...FIELDS, name: `${TAG} Invoice \u202efdp.exe`, file: PDF }),
      status: 422,
      json: () => ({ ok: false, code: "invalid", message: INVALID, errors: { name: [BIDI_NAME] } }),
    },
    {
      name: "a text field of 70,000 characters (past the form's 64 KB a field)",
      as: "practitioner",
      send: upload({ ...FIELDS, category: "c".repeat(70_000), file: PDF }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "sixty form fields",
      as: "practitioner",
      send: upload({
        ...FIELDS,
        ...Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`extra${i}`, "x"])),
        file: PDF,
      }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
    {
      name: "a name with control characters",
      as: "practitioner",
      send: upload({ ...FIELDS, name: "evil\u0000name\u001b[31m", file: PDF }),
      status: 422,
      json: () => invalid("name"),
    },
    {
      name: "save_to_library yes",
      as: "practitioner",
      send: upload({ ...FIELDS, save_to_library: "yes", file: PDF }),
      status: 422,
      json: () => invalid("save_to_library"),
    },
    {
      name: "type HTML",
      as: "practitioner",
      send: upload({ ...FIELDS, type: HTML, file: PDF }),
      status: 422,
      json: () => invalid("type"),
      noEcho: () => [HTML],
    },
    {
      name: "category SQL",
      as: "practitioner",
      send: upload({ ...FIELDS, category: SQL, file: PDF }),
      status: 422,
      json: () => invalid("category"),
    },
    {
      name: "no file",
      as: "practitioner",
      send: upload(FIELDS),
      status: 422,
      json: () => refusedAs("invalid", "Choose a file to upload.", { file: ["Choose a file to upload."] }),
    },
    {
      name: "an executable named .pdf",
      as: "practitioner",
      send: upload({ ...FIELDS, file: EXE_AS_PDF }),
      status: 422,
      json: () =>
        refusedAs("invalid", `The file's content is not a real PDF (nor any allowed type), whatever its name says.`, {
          file: [`The file's content is not a real PDF (nor any allowed type), whatever its name says.`],
        }),
    },
    {
      name: "a file name with an RTL override hiding .exe",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: `${TAG}\u202efdp.exe` } }),
      status: 422,
      json: () =>
        refusedAs("invalid", ".exe files are not accepted. Allowed types: JPG, JPEG, PNG, PDF, DOC, XLSX, PPTX.", {
          file: [".exe files are not accepted. Allowed types: JPG, JPEG, PNG, PDF, DOC, XLSX, PPTX."],
        }),
    },
    {
      name: "an empty file",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, buffer: Buffer.alloc(0) } }),
      status: 422,
      json: () => refusedAs("invalid", "The file is empty.", { file: ["The file is empty."] }),
    },
    {
      name: "a body over the limit",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, buffer: OVER_LIMIT } }),
      status: 413,
      // Larger than any route accepts: the app server refuses it before it is read.
      json: () => refusedAs("invalid", BODY_TOO_LARGE),
    },
    {
      name: "a path in the file name",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: "../../../etc/passwd.pdf" } }),
      status: 422,
      json: () => refusedAs("invalid", UNSAFE_NAME, { file: [UNSAFE_NAME] }),
    },
    {
      name: "a PDF whose name an RTL override shows as .jpg",
      as: "practitioner",
      send: upload({ ...FIELDS, file: { ...PDF, name: `${TAG}\u202egpj.pdf` } }),
      status: 422,
      json: () => refusedAs("invalid", UNSAFE_NAME, { file: [UNSAFE_NAME] }),
    },
    {
      name: "another clinic's practitioner",
      as: "practitioner",
      send: (api, c) => upload({ ...FIELDS, practitioner_id: c.members.otherMember.platformUserId, file: PDF })(api),
      status: 404,
      json: () => ONLY_OWN,
    },
    {
      name: "staff, another clinic's practitioner",
      as: "staff",
      send: (api, c) => upload({ ...FIELDS, practitioner_id: c.members.otherMember.platformUserId, file: PDF })(api),
      status: 404,
      json: () => NOT_IN_CLINIC,
    },
    {
      name: "staff, no practitioner",
      as: "staff",
      send: upload({ ...FIELDS, file: PDF }),
      status: 422,
      json: () => PICK,
    },
    {
      name: "practitioner id with SQL",
      as: "staff",
      send: upload({ ...FIELDS, practitioner_id: SQL, file: PDF }),
      status: 404,
      json: () => NOT_IN_CLINIC,
    },
    { name: "GET", as: "practitioner", send: (api) => api.get("/api/resources"), status: 405 },
  ],
  "GET /api/patients/[id]": [
    { name: "signed out", as: "anon", send: get("/api/patients/pat_x"), status: 401, json: () => SIGNED_OUT },
    {
      name: "another clinic's patient: no name, as for one that does not exist",
      as: "practitioner",
      send: (api, c) => api.get(`/api/patients/${c.other.patientIds[0]}`),
      status: 200,
      json: (c) => ({ ok: true, data: { id: c.other.patientIds[0], name: null } }),
    },
    {
      name: "an id with SQL",
      as: "practitioner",
      send: get(`/api/patients/${encodeURIComponent(SQL)}`),
      status: 422,
      json: () => invalid("id"),
    },
  ],
  "DELETE /api/resources/[id]": [
    {
      name: "signed out",
      as: "anon",
      send: (api, c) => api.delete(`/api/resources/${c.own.resourceId}`),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "another clinic's resource",
      as: "practitioner",
      send: (api, c) => api.delete(`/api/resources/${c.other.resourceId}`),
      status: 404,
      json: () => PLATFORM_404,
    },
    {
      name: "staff, another clinic's resource and practitioner",
      as: "staff",
      send: (api, c) =>
        api.delete(`/api/resources/${c.other.resourceId}?practitioner=${c.members.otherMember.platformUserId}`),
      status: 404,
      json: () => NOT_IN_CLINIC,
    },
    {
      name: "an id with SQL",
      as: "practitioner",
      send: (api) => api.delete(`/api/resources/${encodeURIComponent(SQL)}`),
      status: 422,
      json: () => invalid("resourceId"),
    },
  ],
  "PUT /api/resources/[id]": [
    {
      name: "signed out",
      as: "anon",
      send: edit((c) => c.own.resourceId, FIELDS),
      status: 401,
      json: () => SIGNED_OUT,
    },
    {
      name: "another clinic's resource",
      as: "practitioner",
      send: edit((c) => c.other.resourceId, FIELDS),
      status: 404,
      json: () => PLATFORM_404,
    },
    {
      name: "another clinic's resource with a new file",
      as: "practitioner",
      send: edit((c) => c.other.resourceId, { ...FIELDS, file: PDF }),
      status: 404,
      json: () => PLATFORM_404,
    },
    {
      name: "staff, another clinic's resource and practitioner",
      as: "staff",
      send: (api, c) =>
        edit(() => c.other.resourceId, { ...FIELDS, practitioner_id: c.members.otherMember.platformUserId })(api, c),
      status: 404,
      json: () => NOT_IN_CLINIC,
    },
    {
      name: "an id with SQL",
      as: "practitioner",
      send: edit(() => SQL, FIELDS),
      status: 404,
      json: () => missing("resource"),
    },
    {
      name: "an id of 101 characters",
      as: "practitioner",
      send: edit(() => "r".repeat(101), FIELDS),
      status: 404,
      json: () => missing("resource"),
    },
    {
      name: "an id with unicode",
      as: "practitioner",
      send: edit(() => "ré😀\u202e", FIELDS),
      status: 404,
      json: () => missing("resource"),
    },
    {
      name: "empty name",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, name: "" }),
      status: 422,
      json: () => invalid("name"),
    },
    {
      name: "an executable as the new file",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, file: EXE_AS_PDF }),
      status: 422,
      json: () =>
        refusedAs("invalid", `The file's content is not a real PDF (nor any allowed type), whatever its name says.`, {
          file: [`The file's content is not a real PDF (nor any allowed type), whatever its name says.`],
        }),
    },
    {
      name: "from another site (Origin)",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, FIELDS, { Origin: "http://evil.example" }),
      status: 403,
      json: () => ({ ...FORBIDDEN, message: "This upload did not come from this app." }),
    },
    {
      name: "a body over the limit",
      as: "practitioner",
      send: edit((c) => c.own.resourceId, { ...FIELDS, file: { ...PDF, buffer: OVER_LIMIT } }),
      status: 413,
      // Larger than any route accepts: the app server refuses it before it is read.
      json: () => refusedAs("invalid", BODY_TOO_LARGE),
    },
    {
      name: "JSON instead of multipart",
      as: "practitioner",
      send: (api, c) => api.put(`/api/resources/${c.own.resourceId}`, { data: FIELDS }),
      status: 400,
      json: () => refusedAs("invalid", "The upload could not be read. Choose the file again and retry."),
    },
  ],
};
