// Rows of what reaches the app from outside its pages' scripts: a form posted without JavaScript,
// and the platform's webhook deliveries.
import { FOREIGN_FORM } from "../answers";
import { forgedSignature, noScriptForm, poison, type RouteRow } from "./row";

export const ENTRY_ROUTE_ROWS: Record<string, RouteRow[]> = {
  "POST a page (a server action's form, without JavaScript)": [
    {
      name: "from another site",
      as: "practitioner",
      send: noScriptForm("/resources", { Origin: "http://evil.example" }),
      status: 403,
      json: () => FOREIGN_FORM,
      noEcho: () => ["evil.example"],
    },
    {
      name: "from another site, naming it in X-Forwarded-Host (no proxy is trusted)",
      as: "practitioner",
      send: noScriptForm("/", { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" }),
      status: 403,
      json: () => FOREIGN_FORM,
    },
    {
      name: "from the opaque null origin",
      as: "anon",
      send: noScriptForm("/resources", { Origin: "null" }),
      status: 403,
      json: () => FOREIGN_FORM,
    },
  ],
  "POST /api/webhooks/clinic": [
    {
      name: "unsigned, data with a NUL character",
      as: "anon",
      send: (api, c) => api.post("/api/webhooks/clinic", { data: poison(c, { note: "a\u0000b" }) }),
      status: 400,
      json: () => ({ error: "invalid request" }),
    },
    {
      name: "signed with another secret, data nested 5,000 deep",
      as: "anon",
      send: (api, c) => {
        const body = poison(c, `${'{"d":'.repeat(5000)}1${"}".repeat(5000)}`);
        return api.post("/api/webhooks/clinic", { data: body, headers: forgedSignature(body) });
      },
      status: 401,
      json: () => ({ error: "invalid request" }),
    },
    {
      name: "signed with another secret, a __proto__ key",
      as: "anon",
      send: (api, c) => {
        const body = poison(c, '{"__proto__":{"isAdmin":true}}');
        return api.post("/api/webhooks/clinic", { data: body, headers: forgedSignature(body) });
      },
      status: 401,
      json: () => ({ error: "invalid request" }),
    },
    {
      name: "signed with another secret, over the size limit",
      as: "anon",
      send: (api, c) => {
        const body = poison(c, { note: "x".repeat(4 * 1024 * 1024) });
        return api.post("/api/webhooks/clinic", { data: body, headers: forgedSignature(body) });
      },
      status: 413,
      json: () => ({ error: "payload too large" }),
    },
  ],
};
