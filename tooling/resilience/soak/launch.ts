// Starts the soak's app process (app-process.ts) as a real child process the tests can kill -9, and
// resolves once it prints "ready". Exits other than the test's own SIGKILL are reported to `died`.
import { spawn, type ChildProcess } from "node:child_process";
import readline from "node:readline";
import { repoPath } from "@/tooling/devstack/processes";

export async function launchApp(
  env: NodeJS.ProcessEnv,
  died: (how: string) => void,
  onLog?: (line: string) => void,
): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", repoPath("tooling/resilience/soak/app-process.ts")],
    { cwd: repoPath(), env, stdio: ["ignore", "pipe", "pipe"] },
  );
  // The app logs to stdout (lib/log, JSON lines) and a crash goes to stderr: a test that reads the log
  // gets both; otherwise stderr is drained (failures the test provokes are expected and logged there).
  if (onLog) readline.createInterface({ input: child.stderr! }).on("line", onLog);
  else child.stderr?.resume();
  // Only the test's own SIGKILL may end an app process: one that dies otherwise is a finding.
  child.once("exit", (code, signal) => {
    if (signal !== "SIGKILL") died(`exited with ${code ?? signal}`);
  });
  const lines = readline.createInterface({ input: child.stdout! });
  if (onLog) lines.on("line", onLog);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the app process did not start within 60 s")), 60_000);
    lines.on("line", (line) => line === "ready" && (clearTimeout(timer), resolve()));
    child.once("exit", (code) => reject(new Error(`the app process exited with ${code}`)));
  });
  return child;
}
