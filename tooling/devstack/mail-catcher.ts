// The local mail catcher (MailDev): an SMTP server that keeps every message and shows it in the
// browser, so that with nothing configured the alert emails an admin would receive can be read on
// this machine. Started by `npm start` when SMTP_URL is unset, and by the end-to-end set-up. Run by
// its own binary, bound to loopback only; messages live in memory and go when it stops.
import net from "node:net";
import { repoPath, startService, waitForHttp, type Service } from "@/tooling/devstack/processes";

export interface MailCatcher {
  service: Service;
  /** What the app sends through. */
  smtpUrl: string;
  /** The catcher's page (and its REST API: GET /email lists the messages). */
  webUrl: string;
}

/** `preferred` if it is free; else, unless the user asked for that port, any free one. */
export async function pickPort(preferred: number, insist: boolean): Promise<number> {
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const server = net.createServer();
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        const { port: bound } = server.address() as net.AddressInfo;
        server.close(() => resolve(bound));
      });
    });
  try {
    return await listen(preferred);
  } catch (error) {
    if (insist || (error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
    return listen(0);
  }
}

export async function startMailCatcher(
  ports: { web: number; smtp: number },
  options: { quiet?: boolean } = {},
): Promise<MailCatcher> {
  const args = [
    repoPath("node_modules/maildev/bin/maildev"),
    "--smtp",
    String(ports.smtp),
    "--web",
    String(ports.web),
    "--ip",
    "127.0.0.1",
    "--hide-extensions",
    "STARTTLS", // its certificate is self-signed: plain SMTP on loopback
    "--silent",
  ];
  const service = startService("mail catcher", args, {}, { quiet: options.quiet ?? true });
  const webUrl = `http://localhost:${ports.web}`;
  try {
    await waitForHttp(`http://127.0.0.1:${ports.web}/email`, service.child);
  } catch (error) {
    await service.stop();
    throw error;
  }
  return { service, smtpUrl: `smtp://127.0.0.1:${ports.smtp}`, webUrl };
}
