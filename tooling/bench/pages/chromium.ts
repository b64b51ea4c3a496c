// Chromium for the pages benchmark, and the people signed in to it, each able to start again. On a
// busy machine chromium may close a page, a context or itself under a measure ("Target page, context
// or browser has been closed"): the measure then runs again on a fresh context, signed in again (the
// browser launched again if it died), a few times, before its figures say why instead.
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { reasonOf } from "@/tooling/bench/measured";
import { cookieHeader, signIn, type Stack } from "@/tooling/bench/pages/stack";

const CLOSED =
  /Target page, context or browser has been closed|Target closed|Browser has been closed|browser has disconnected|page crashed/i;
/** Attempts of one measure when chromium closes under it. */
const TRIES = 3;

/** Whether chromium itself ended what the measure was using (not the app's answer, nor a wait running out). */
export const closedByChromium = (error: unknown): boolean => CLOSED.test(reasonOf(error));

export class Chromium {
  private browser: Browser | undefined;

  /** The browser, launched again if it died. */
  async get(): Promise<Browser> {
    if (!this.browser?.isConnected()) {
      await this.browser?.close().catch(() => {});
      this.browser = await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
      });
    }
    return this.browser;
  }

  async close(): Promise<void> {
    await this.browser?.close().catch(() => {});
  }
}

/** Someone signed in to a stack's app in chromium (the first user of `clinic` matching `who`). */
export class SignedIn {
  private context: BrowserContext | undefined;
  private lost = false;

  constructor(
    private readonly chromium: Chromium,
    readonly stack: Stack,
    private readonly who: RegExp,
    private readonly clinic = 0,
  ) {}

  /** Their browser context, signed in again on a fresh one if chromium lost it. */
  async current(): Promise<BrowserContext> {
    if (!this.context || this.lost) {
      await this.context?.close().catch(() => {});
      this.lost = false;
      const context = await signIn(await this.chromium.get(), this.stack, this.who, this.clinic);
      context.on("close", () => {
        if (this.context === context) this.lost = true;
      });
      this.context = context;
    }
    return this.context;
  }

  /** Their session's Cookie header for the stack's app (signed in first, if need be). */
  cookie(): Promise<string> {
    return this.run("signing in", (context) => cookieHeader(context, this.stack.appUrl));
  }

  /** Runs `work` in their context; when chromium closes under it, again on a fresh context. */
  async run<T>(what: string, work: (context: BrowserContext) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work(await this.current());
      } catch (error) {
        if (!closedByChromium(error) || attempt >= TRIES) throw error;
        console.error(`  ${what}: chromium closed under it (${reasonOf(error)}); again on a fresh context`);
        this.lost = true;
      }
    }
  }
}
