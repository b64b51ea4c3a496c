// The sandbox process restarted with SANDBOX_STATE_FILE (as `npm start` runs it) carries on with the
// same world: the activated clinic key, the sign-ins, what was made since; a reset is kept too; a
// world of another seed is not used; with no file it keeps nothing.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_HEADER_NAMES } from "@/lib/contract";
import { freePort } from "@/tooling/testing/ports";
import { SandboxClient, type SeedWorld } from "@/sandbox/testing/harness";
import { repoPath, sandboxArgs } from "@/tooling/devstack/processes";

const dir = mkdtempSync(path.join(tmpdir(), "sandbox-world-"));
const file = path.join(dir, "world.json");
const running = new Set<ChildProcess>();
afterAll(async () => {
  await Promise.all([...running].map(stop));
  rmSync(dir, { recursive: true, force: true });
});

interface Started {
  client: SandboxClient;
  child: ChildProcess;
  output: () => string;
}

async function startProcess(env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = spawn(process.execPath, sandboxArgs(), {
    cwd: repoPath(),
    env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_WEBHOOK_URL: "none", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the sandbox exited: ${output}`);
    const up = await fetch(`${url}/__sandbox/health`).catch(() => null);
    if (up?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { client: new SandboxClient({ url }), child, output: () => output };
}

async function stop(child: ChildProcess): Promise<void> {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const withFile = { SANDBOX_STATE_FILE: file, SANDBOX_SEED: "1" };
const keyHeader = DEFAULT_HEADER_NAMES.clinicKey;

describe("the sandbox process keeps its world in SANDBOX_STATE_FILE", () => {
  let practitionerToken = "";
  let staffToken = "";
  let clinic: SeedWorld["clinics"][number];
  let patientId = "";

  it("starts from the seed and saves it", async () => {
    const first = await startProcess(withFile);
    clinic = (await first.client.control<SeedWorld>("/seed")).body.clinics[0];
    staffToken = await first.client.activateClinic(clinic, keyHeader);
    practitionerToken = (await first.client.signIn(clinic.practitioners[0].id)).access_token;
    const made = await first.client.control<{ record: { id: string } }>("/activity", {
      clinic_id: clinic.id,
      type: "patient.created",
    });
    expect(made.status).toBe(201);
    patientId = made.body.record.id;
    await stop(first.child);
    expect(existsSync(file)).toBe(true);
  });

  it("after a restart, the key is still activated, sign-ins still work and the patient is still there", async () => {
    const again = await startProcess(withFile);
    expect(again.output()).toContain("Carried on from");
    const withKey = await again.client.api<{ clinic: { integration_status: string; patient_count: number } }>(
      staffToken,
      "GET",
      "/api/clinic",
      undefined,
      { [keyHeader]: clinic.current_clinic_key },
    );
    expect(withKey.status).toBe(200);
    expect(withKey.body.clinic.integration_status).toBe("activated");
    const patientCount = withKey.body.clinic.patient_count;
    expect((await again.client.api(practitionerToken, "GET", "/api/clinic")).status).toBe(200);
    const patient = await again.client.api(staffToken, "GET", `/api/clinic/patients/${patientId}`);
    expect(patient.status).toBe(200);
    // New records go on from the saved id stream: no id of the saved world is handed out again.
    const next = await again.client.control<{ record: { id: string } }>("/activity", {
      clinic_id: clinic.id,
      type: "patient.created",
    });
    expect(next.body.record.id).not.toBe(patientId);
    const count = await again.client.api<{ clinic: { patient_count: number } }>(staffToken, "GET", "/api/clinic");
    expect(count.body.clinic.patient_count).toBe(patientCount + 1);
    // A reset is the world kept from then on.
    expect((await again.client.control("/reset", {})).status).toBe(200);
    await stop(again.child);
  });

  it("after a reset and a restart, the earlier sign-in and key activation are gone", async () => {
    const afterReset = await startProcess(withFile);
    expect((await afterReset.client.api(practitionerToken, "GET", "/api/clinic")).status).toBe(401);
    const seed = (await afterReset.client.control<{ clinics: { integration_status: string }[] }>("/seed")).body;
    expect(seed.clinics[0].integration_status).toBe("not_activated");
    await stop(afterReset.child);
  });

  it("does not use a saved world of another seed, and says why", async () => {
    const other = await startProcess({ ...withFile, SANDBOX_SEED: "2" });
    expect(other.output()).toContain("Started from the seed");
    await stop(other.child);
  });

  it("keeps nothing without a file", async () => {
    const token = practitionerToken;
    const bare = await startProcess({ SANDBOX_STATE_FILE: "" });
    const c = (await bare.client.control<SeedWorld>("/seed")).body.clinics[0];
    const mine = (await bare.client.signIn(c.practitioners[0].id)).access_token;
    await stop(bare.child);
    const later = await startProcess({ SANDBOX_STATE_FILE: "" });
    expect((await later.client.api(mine, "GET", "/api/clinic")).status).toBe(401);
    expect(token).not.toBe(mine);
    await stop(later.child);
  });
});
