// Browser script of the builder page (plain JS, sent inline with a CSP nonce). It posts messages
// to the parent only at the declared origin, never "*".
import { EMBED_MESSAGE_TYPES } from "@/lib/contract";

export const BUILDER_SCRIPT = `
(function () {
  var T = ${JSON.stringify(EMBED_MESSAGE_TYPES)};
  var cfg = JSON.parse(document.getElementById("embed-config").textContent);
  var recs = [];
  var draftId = null;
  function tell(msg) { window.parent.postMessage(msg, cfg.origin); }
  function status(text) { document.getElementById("status").textContent = text; }
  function resize() { tell({ type: T.resize, height: document.documentElement.scrollHeight }); }
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
    resize();
  }
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
      patient_id: document.getElementById("patient").value,
      practitioner_id: practitioner ? practitioner.value : null,
      recommendations: recs.map(function (r) { return { product_id: r.product_id, dosage: r.dosage }; })
    };
    status(action === "draft" ? "Saving draft…" : "Activating…");
    fetch("/embed/api/treatment_plans", { method: "POST", headers: { "content-type": "application/json", "x-embed-session": cfg.session }, body: JSON.stringify(body) })
      .then(function (res) { return res.json().then(function (json) { return { ok: res.ok, json: json }; }); })
      .then(function (r) {
        if (!r.ok) throw new Error((r.json.errors && r.json.errors[0] && r.json.errors[0].message) || "The action failed.");
        var plan = r.json.treatment_plan;
        if (action === "draft") {
          draftId = plan.id;
          status("Draft saved.");
          tell({ type: T.draftSaved, treatment_plan_id: plan.id, patient_id: plan.patient_id });
        } else {
          draftId = null;
          recs = [];
          render();
          status("Treatment plan activated.");
          tell({ type: T.activated, treatment_plan_id: plan.id, patient_id: plan.patient_id });
        }
      })
      .catch(function (err) {
        status(err.message);
        tell({ type: T.error, code: "action_failed", message: err.message });
      });
  });
  tell({ type: T.ready, grant_id: cfg.grantId, user: cfg.user });
  resize();
})();
`;
