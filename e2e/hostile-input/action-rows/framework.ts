// Rows that Next.js's own decoding refuses, before any action code runs (the same for every action).
import { nextRefuses, serverRefuses, RES, type ActionRow } from "./row";

export const FRAMEWORK_ACTION_ROWS: ActionRow[] = [
  // Next.js's own decoding, before any action code runs (the same for every action).
  {
    name: "a body that is not JSON",
    action: RES.remove,
    as: "practitioner",
    body: () => "not json",
    answer: nextRefuses(500),
  },
  {
    name: "a body pointing at a part that is not there",
    action: RES.remove,
    as: "practitioner",
    body: () => '["$1","$2"]',
    answer: nextRefuses(500),
  },
  {
    name: "a body asking for a Map that is not there",
    action: RES.remove,
    as: "practitioner",
    body: () => '["$Q1"]',
    answer: nextRefuses(500),
  },
  {
    name: "a body over 1 MB",
    action: RES.list,
    as: "practitioner",
    args: () => [{ q: "x".repeat(1_100_000) }],
    answer: serverRefuses(413, "This request is too large."),
  },
  {
    name: "1001 arguments",
    action: RES.list,
    as: "practitioner",
    args: () => Array.from({ length: 1001 }, () => ({})),
    answer: nextRefuses(500),
  },
  {
    name: "from another site (Origin)",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId }],
    headers: { Origin: "http://evil.example" },
    answer: serverRefuses(403, "This request did not come from this app."),
  },
  {
    name: "from another site, naming it in X-Forwarded-Host (no proxy is trusted)",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId }],
    headers: { Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
    answer: serverRefuses(403, "This request did not come from this app."),
  },
  {
    name: "an Origin that is not a URL",
    action: RES.remove,
    as: "practitioner",
    args: (c) => [{ resourceId: c.own.resourceId }],
    headers: { Origin: "garbage" },
    answer: serverRefuses(403, "This request did not come from this app."),
  },
  {
    name: "an action id that does not exist",
    action: RES.remove,
    as: "practitioner",
    actionId: `7f${"0".repeat(40)}`,
    args: (c) => [{ resourceId: c.own.resourceId }],
    answer: nextRefuses(409, "Server Action unavailable."),
  },
  {
    name: "an action id that is not an id",
    action: RES.remove,
    as: "practitioner",
    actionId: "../../app/resources/actions",
    args: (c) => [{ resourceId: c.own.resourceId }],
    answer: nextRefuses(400, "Invalid Server Action request."),
  },
];
