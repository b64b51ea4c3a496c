// The mailer against a real SMTP server started here, and against an address where nothing listens:
// a sent message arrives whole; a failure is a sentence that names no server or credential.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "@/lib/email/mailer";
import { startSmtpCatcher, type SmtpCatcher } from "@/tooling/testing/smtp-catcher";

let smtp: SmtpCatcher;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(async () => {
  await smtp?.close();
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe("createMailer", () => {
  it("sends through the SMTP server in the URL", async () => {
    const mailer = createMailer(smtp.url, "Clinic Connect <alerts@clinic-connect.test>");
    const text = `A line long enough to be wrapped by the encoder, with a date: 2026-03-02 10:00 UTC. ${"x".repeat(90)}`;
    expect(await mailer.send({ to: ["admin@maple.test"], subject: "Webhook deliveries are failing", text })).toEqual({
      sent: true,
    });
    expect(smtp.messages).toEqual([
      { to: ["admin@maple.test"], subject: "Webhook deliveries are failing", text: `${text}\n` },
    ]);
    expect(mailer.describe).toBe(`127.0.0.1:${new URL(smtp.url).port}`);
  });

  it("says the server could not be reached, without its address or credentials", async () => {
    const url = `smtp://alerts:s3cret-password@127.0.0.1:${await closedPort()}`;
    const outcome = await createMailer(url, "alerts@clinic-connect.test").send({
      to: ["admin@maple.test"],
      subject: "x",
      text: "y",
    });
    expect(outcome).toEqual({ sent: false, problem: "alerts.mailProblems.unreachable" });
    expect(createMailer(url, "a@b.test").describe).not.toContain("s3cret");
  });
});
