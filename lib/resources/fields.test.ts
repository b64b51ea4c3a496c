import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import { fieldErrors } from "@/lib/contract/field-errors";
import {
  PlatformIdSchema,
  ResourceEditSchema,
  ResourceFieldsSchema,
  ResourceListQuerySchema,
  toCreateInput,
  toUpdateInput,
} from "./fields";
import { checkResourceFields } from "./field-rules";

const good = {
  name: "Sleep guide",
  type: "Guide",
  category: "Lifestyle",
  treatment_plan_id: "tp_123",
  save_to_library: "true",
};

describe("ResourceFieldsSchema: good inputs", () => {
  it.each([
    ["everything", good],
    ["only the required fields", { name: "x", save_to_library: "false" }],
    ["blank selects", { ...good, type: "", category: "", treatment_plan_id: "" }],
    ["name padded with spaces", { ...good, name: "  Sleep guide  " }],
    ["name of 255 characters", { ...good, name: "a".repeat(255) }],
  ])("%s", (_label, input) => {
    expect(ResourceFieldsSchema.safeParse(input).success).toBe(true);
  });
});

describe("ResourceFieldsSchema: bad inputs, one field at fault each", () => {
  it.each([
    ["missing name", { ...good, name: undefined }, "name"],
    ["blank name", { ...good, name: "   " }, "name"],
    ["name too long", { ...good, name: "a".repeat(256) }, "name"],
    ["name with a NUL", { ...good, name: "Sleep\u0000guide" }, "name"],
    ["name with a line break", { ...good, name: "Sleep\nguide" }, "name"],
    ["name with an escape sequence", { ...good, name: "\u001b[31mSleep" }, "name"],
    ["name with a right-to-left override (reads as exe.pdf)", { ...good, name: "Invoice \u202Efdp.exe" }, "name"],
    ["name with a left-to-right embedding", { ...good, name: "Sleep \u202Aguide" }, "name"],
    ["name with a first-strong isolate", { ...good, name: "Sleep \u2068guide\u2069" }, "name"],
    ["unknown type", { ...good, type: "Poster" }, "type"],
    ["type in the wrong case", { ...good, type: "guide" }, "type"],
    ["unknown category", { ...good, category: "Sleep" }, "category"],
    ["treatment plan id with a slash", { ...good, treatment_plan_id: "../tp" }, "treatment_plan_id"],
    ["treatment plan id too long", { ...good, treatment_plan_id: "t".repeat(101) }, "treatment_plan_id"],
    ["save_to_library missing", { ...good, save_to_library: undefined }, "save_to_library"],
    ["save_to_library as a checkbox value", { ...good, save_to_library: "on" }, "save_to_library"],
    ["save_to_library as a boolean", { ...good, save_to_library: true }, "save_to_library"],
  ])("%s", (_label, input, field) => {
    const parsed = ResourceFieldsSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(Object.keys(fieldErrors(parsed.error.issues))).toEqual([field]);
  });

  it("says what to do in plain words", () => {
    const parsed = ResourceFieldsSchema.safeParse({ ...good, name: "" });
    const say = translatorFor("en");
    expect(parsed.success ? [] : fieldErrors(parsed.error.issues).name.map((key) => say(key))).toEqual([
      "Give the resource a name.",
    ]);
  });
});

describe("to platform bodies", () => {
  it("create: blanks are left out, the file travels as attachment + attachment_filename", () => {
    const fields = ResourceFieldsSchema.parse({ ...good, type: "", treatment_plan_id: "" });
    expect(toCreateInput(fields, "data:application/pdf;base64,AA==", "a.pdf")).toEqual({
      name: "Sleep guide",
      type: undefined,
      category: "Lifestyle",
      treatment_plan_id: undefined,
      save_to_library: "true",
      attachment: "data:application/pdf;base64,AA==",
      attachment_filename: "a.pdf",
    });
  });

  it("edit: blanks clear the field (null)", () => {
    const fields = ResourceEditSchema.parse({ ...good, type: "", category: "", treatment_plan_id: "" });
    expect(toUpdateInput(fields)).toEqual({
      name: "Sleep guide",
      type: null,
      category: null,
      treatment_plan_id: null,
      save_to_library: "true",
    });
  });
});

describe("ResourceListQuerySchema", () => {
  it.each([
    ["defaults", {}, true],
    ["page and size as strings", { page: "2", size: "100" }, true],
    ["size over 100", { size: 101 }, false],
    ["page 0", { page: 0 }, false],
    ["unknown type", { type: "Poster" }, false],
    ["search too long", { q: "x".repeat(101) }, false],
    ["practitioner id with spaces", { practitionerId: "prac a" }, false],
  ])("%s → valid: %s", (_label, input, valid) => {
    expect(ResourceListQuerySchema.safeParse(input).success).toBe(valid);
  });

  it("fills page 1 of 25", () => {
    expect(ResourceListQuerySchema.parse({})).toMatchObject({ page: 1, size: 25 });
  });
});

describe("PlatformIdSchema", () => {
  it.each([
    ["prac_ksbjyhiuni1o", true],
    ["", false],
    ["a/b", false],
    ["a b", false],
    ["x".repeat(100), true],
    ["x".repeat(101), false],
  ])("%j → %s", (id, valid) => {
    expect(PlatformIdSchema.safeParse(id).success).toBe(valid);
  });
});

describe("the browser's check of the form (zod-free) against the server's schema", () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ["a good form", good],
    ["nothing but the required fields", { name: "A", save_to_library: "false" }],
    ["blank selects", { ...good, type: "", category: "", treatment_plan_id: "" }],
    ["a name of spaces", { ...good, name: "   " }],
    ["no name at all", { ...good, name: undefined }],
    ["a name that is not text", { ...good, name: 12 }],
    ["a name at the limit, spaces around", { ...good, name: ` ${"n".repeat(255)} ` }],
    ["a name too long", { ...good, name: "n".repeat(256) }],
    ["a line break inside the name", { ...good, name: "a\nb" }],
    ["a line break at the end (trimmed away)", { ...good, name: "ab\n" }],
    ["too long and a control character", { ...good, name: `\u0000${"n".repeat(300)}x` }],
    ["a right-to-left override", { ...good, name: "Invoice \u202Efdp.exe" }],
    ["a control character and a direction isolate", { ...good, name: "a\u0000b\u2066c" }],
    ["an unknown type", { ...good, type: "Poster" }],
    ["an unknown category", { ...good, category: "Sleep" }],
    ["a plan id with a slash", { ...good, treatment_plan_id: "../tp" }],
    ["a plan id too long", { ...good, treatment_plan_id: "t".repeat(101) }],
    ["a plan id with spaces around", { ...good, treatment_plan_id: " tp_1 " }],
    ["no save choice", { ...good, save_to_library: undefined }],
    ["a save choice that is not one", { ...good, save_to_library: "yes" }],
    ["everything wrong", { name: "", type: 1, category: null, treatment_plan_id: "a b", save_to_library: "" }],
  ];
  it.each(cases)("agrees on %s", (_name, fields) => {
    const server = ResourceFieldsSchema.safeParse(fields);
    expect(checkResourceFields(fields)).toEqual(server.success ? {} : fieldErrors(server.error.issues));
  });
});
