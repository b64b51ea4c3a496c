// Secrets that a local run needs but nobody configured: made once, kept under .data/ (ignored by
// git, readable by the owner only). Production sets them in the environment instead.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
