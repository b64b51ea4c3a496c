// The platform's own embed library (@fullscript/fullscript-js, bundled with the app: no script from
// another host). `Fullscript()` adds a window listener that is never removed, so there is one client
// per public key and web origin for the page's life, not one per mount.
import { Fullscript } from "@fullscript/fullscript-js";

type Client = ReturnType<typeof Fullscript>;
type Env = Parameters<typeof Fullscript>[0]["env"];

/**
 * The library's name for a web origin. With `domain` given it uses the domain and only checks that
 * `env` is one of its names; the platform's own origins keep their names, any other (a sandbox) is
 * called a sandbox.
 */
const ENVS: Record<string, Env> = {
  "https://us.fullscript.com": "us",
  "https://ca.fullscript.com": "ca",
  "https://us-snd.fullscript.io": "us-snd",
  "https://ca-snd.fullscript.io": "ca-snd",
};

const clients = new Map<string, Client>();

export function libraryClient(publicKey: string, webOrigin: string): Client {
  const key = `${publicKey} ${webOrigin}`;
  let client = clients.get(key);
  if (!client) {
    client = Fullscript({ publicKey, env: ENVS[webOrigin] ?? "us-snd", domain: webOrigin });
    clients.set(key, client);
  }
  return client;
}
