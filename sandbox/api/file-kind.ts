// The detector lives in the shared contract (lib/contract/file-kind.ts) so the app checks uploads
// by content exactly as the sandbox does, in the browser and on its server.
export { detectFileKind, EXTENSIONS_OF_KIND, zipEntryNames, type FileKind } from "@/lib/contract/file-kind";
