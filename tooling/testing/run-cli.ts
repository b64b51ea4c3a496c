// Runs one of the repository's command-line scripts as a person would (its own Node.js process,
// from the project's folder) and returns its exit code and everything it printed, both streams.
import { spawn } from "node:child_process";
import { repoPath } from "@/tooling/devstack/processes";

export function runCli(
  script: string,
  args: string[],
  options: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", repoPath(script), ...args], {
      cwd: repoPath(),
      env: { ...process.env, ...options.env },
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}
