// An audit entry reads in the reader's language; what people typed and the platform named stays as recorded.
import { describe, expect, it } from "vitest";
import { actionLabel, actorText, detailsText, targetText } from "@/lib/audit/describe";
import { SYSTEM_ACTOR_LABEL } from "@/lib/audit/actions";
import { translatorFor } from "@/lib/i18n/translator";

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

  it("names the app itself and what an entry is about", () => {
    expect(actorText(fr, { actorUserId: null, actorLabel: SYSTEM_ACTOR_LABEL })).toBe("Clinic Connect (automatique)");
    expect(actorText(fr, { actorUserId: "u1", actorLabel: "Dr Zed" })).toBe("Dr Zed");
    expect(targetText(fr, "session_grant")).toBe("autorisation de session");
    expect(targetText(fr, "new_kind")).toBe("new kind");
  });
});
