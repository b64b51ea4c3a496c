// `npm run build` and `npm test`'s build stage: the Next.js build and the app server beside it
// (tooling/devstack/build.ts), always, whatever the fingerprint says.
import { buildApp } from "@/tooling/devstack/build";

buildApp();
