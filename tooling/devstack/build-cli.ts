// `npm run build` and `npm test`'s build stage: the Next.js build and the app server beside it
// (tooling/devstack/build.ts), always, whatever the fingerprint says; then the release folder
// (tooling/release/assemble.ts), what a production server copies.
import path from "node:path";
import { buildApp } from "@/tooling/devstack/build";
import { assembleRelease } from "@/tooling/release/assemble";

buildApp();
const release = assembleRelease();
console.log(`Release: ${path.relative(process.cwd(), release) || "."}/ (see docs/release.md)`);
