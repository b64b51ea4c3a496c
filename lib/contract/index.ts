// The platform contract shared by the app's client and the local sandbox: one schema per request,
// response and webhook payload, so the two cannot drift apart. Add exports; never rename them.
export * from "./common";
export * from "./header-names";
export * from "./oauth";
export * from "./pagination";
export * from "./date-filter";
export * from "./date-filter-schema";
export * from "./resources";
export * from "./file-kind";
export * from "./clinic";
export * from "./versions";
export * from "./events";
export * from "./event-data";
export * from "./webhooks";
export * from "./session-grants";
export * from "./lists";
export * from "./patient-create";
export * from "./patient-values";
export * from "./control";
export * from "./local-defaults";
export * from "./patient-records";
