// Browser script of the builder page (plain JS, sent inline with a CSP nonce). It posts the
// platform's two documented messages, which the server built (./messages.ts), to the parent only at
// the declared target_origin, never "*": patient.selected when a patient is picked (or the address
// named one), treatmentPlan.activated when a plan is activated.

/** The builder's own backend, beside the page (./routes.ts). */
export const EMBED_SAVE_PATH = "/api/embeddable/session/treatment_plans";

export const BUILDER_SCRIPT = `
(function () {
  var cfg = JSON.parse(document.getElementById("embed-config").textContent);
  var recs = [];
  var draftId = null;
  function tell(msg) { if (msg) window.parent.postMessage(msg, cfg.origin); }
  function status(text) { document.getElementById("status").textContent = text; }
  function render() {
    var list = document.getElementById("recommendations");
    list.textContent = "";
    recs.forEach(function (r, i) {
      var li = document.createElement("li");
      li.textContent = r.label + " — " + r.dosage + " ";
      var remove = document.createElement("button");
      remove.type = "button";
      remove.textContent = "Remove";
      remove.setAttribute("aria-label", "Remove " + r.label);
      remove.addEventListener("click", function () { recs.splice(i, 1); render(); });
      li.appendChild(remove);
      list.appendChild(li);
    });
  }
  var patient = document.getElementById("patient");
  patient.addEventListener("change", function () { tell(cfg.selected[patient.value]); });
  document.getElementById("add").addEventListener("click", function () {
    var product = document.getElementById("product");
    recs.push({ product_id: product.value, label: product.options[product.selectedIndex].text, dosage: document.getElementById("dosage").value });
    render();
  });
  document.getElementById("builder").addEventListener("submit", function (ev) {
    ev.preventDefault();
    var action = ev.submitter && ev.submitter.value === "draft" ? "draft" : "activate";
    var practitioner = document.getElementById("practitioner");
    var body = {
      action: action,
      treatment_plan_id: draftId,
      patient_id: patient.value,
      practitioner_id: practitioner ? practitioner.value : null,
      recommendations: recs.map(function (r) { return { product_id: r.product_id, dosage: r.dosage }; })
    };
    status(action === "draft" ? "Saving draft…" : "Activating…");
    fetch(${JSON.stringify(EMBED_SAVE_PATH)}, { method: "POST", headers: { "content-type": "application/json", "x-embed-session": cfg.session }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
      .then(function (r) {
        if (!r.ok) throw new Error((r.json.errors && r.json.errors[0] && r.json.errors[0].message) || "The action failed.");
        if (action === "draft") {
          draftId = r.json.treatment_plan.id;
          status("Draft saved.");
        } else {
          draftId = null;
          recs = [];
          render();
          status("Treatment plan activated.");
          tell(r.json.message);
        }
      })
      .catch(function (err) { status(err.message); });
  });
  if (cfg.preselected) tell(cfg.selected[cfg.preselected]);
})();
`;
