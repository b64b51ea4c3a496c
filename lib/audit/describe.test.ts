// An audit entry reads in the reader's language; what people typed and the platform named stays as recorded.
import { describe, expect, it } from "vitest";
import { actionLabel, actorText, detailsText, showsTargetId, targetText } from "@/lib/audit/describe";
import { SYSTEM_ACTOR_LABEL } from "@/lib/audit/actions";
import { translatorFor } from "@/lib/i18n/translator";
import { formatTime } from "@/lib/format/time";
import { formatSize } from "@/lib/format/size";

const en = translatorFor("en");
const fr = translatorFor("fr-CA");
const resource = {
  name: "Meal plan",
  category: null,
  saveToLibrary: true,
  file: { name: "plan.pdf", bytes: 1200 },
};

describe("audit entries in words", () => {
  it("names the action, in either language, and passes an unknown one on", () => {
    expect(actionLabel(en, "resource.deleted")).toBe("Deleted a resource");
    expect(actionLabel(fr, "resource.deleted")).toBe("A supprimé une ressource");
    expect(actionLabel(fr, "something.new")).toBe("something.new");
  });

  it("says the details' names and the app's own words, never what people typed", () => {
    expect(detailsText(en, resource)).toBe(
      "name: Meal plan · category: none · save to library: yes · file: name plan.pdf, bytes 1200",
    );
    expect(detailsText(fr, resource)).toBe(
      "nom\u202f: Meal plan · catégorie\u202f: aucun · dans la bibliothèque\u202f: oui · fichier\u202f: nom plan.pdf, octets 1200",
    );
    // Where the page can say a size, the file's bytes read as one.
    const size = (bytes: number) => formatSize(bytes, "fr-CA");
    expect(detailsText(fr, resource, { size })).toContain("fichier\u202f: nom plan.pdf, taille 1,2\u00a0Ko");
    expect(detailsText(fr, { trigger: "manual", email: "not configured", somethingElse: "x" })).toBe(
      "déclencheur\u202f: manuel · courriel\u202f: non configuré · something else\u202f: x",
    );
    expect(detailsText(fr, { email: "alerts.mailProblems.auth" })).toContain("identifiants");
    // A search's filters name event types and categories as the timeline does, in the reader's words.
    expect(detailsText(en, { filters: { category: "orders", type: "order.placed" } })).toBe(
      "filters: category Orders, type Order placed",
    );
    expect(detailsText(fr, { type: "patient.created", category: "Nutrition" })).toBe(
      "type : Patient·e ajouté·e · catégorie : Nutrition",
    );
  });

  it("names patients the app knows instead of their ids, and writes times on the clinic's clock", () => {
    const words = {
      names: { pat_a: "Ava Li", pat_b: "Ben Ng" },
      time: (iso: string) => formatTime(iso, { timeZone: "America/Vancouver" }),
    };
    expect(
      detailsText(en, { search: "li", shownPatientIds: ["pat_a", "pat_b", "pat_c"], patientId: "pat_b" }, words),
    ).toBe("search: li · patients shown: 3 patients: Ava Li, Ben Ng, 1 not named yet · patient: Ben Ng");
    expect(detailsText(fr, { shownPatientIds: ["pat_a"] }, words)).toBe(
      "patient·e·s affiché·e·s\u202f: 1 patient·e\u202f: Ava Li",
    );
    expect(detailsText(en, { expiresAt: "2026-11-28T11:38:20.039Z" }, words)).toBe(
      "expires at: 28 Nov 2026, 04:38 Pacific time",
    );
    // Without what the page knows, the entry as recorded.
    expect(detailsText(en, { expiresAt: "2026-11-28T11:38:20.039Z" })).toBe("expires at: 2026-11-28T11:38:20.039Z");
  });

  it("names the app itself and what an entry is about", () => {
    expect(actorText(fr, { actorUserId: null, actorLabel: SYSTEM_ACTOR_LABEL })).toBe("Clinic Connect (automatique)");
    expect(actorText(fr, { actorUserId: "u1", actorLabel: "Dr Zed" })).toBe("Dr Zed");
    expect(targetText(fr, "session_grant")).toBe("autorisation de session");
    expect(targetText(fr, "new_kind")).toBe("new kind");
  });

  it("shows an id a person could look up, never the app's own row ids", () => {
    expect(showsTargetId("patient")).toBe(true);
    expect(showsTargetId("session_grant")).toBe(true);
    expect(showsTargetId("alert")).toBe(false);
    expect(showsTargetId("reconciliation_run")).toBe(false);
  });
});
