// How a low floor says what happened without knowing who listens: the platform client reports each
// attempt and the quota each counting failure through a named hook; the metrics, a floor above,
// listen. Listeners are kept on globalThis by name, so that every copy of a module in the server's
// chunks reports to the same ones. A listener that throws is not the reporter's problem.
type Listener<T> = (value: T) => void;

export interface Hook<T> {
  /** Adds a listener (once: the same function added twice listens once); returns its removal. */
  listen(listener: Listener<T>): () => void;
  emit(value: T): void;
}

const KEY = Symbol.for("clinic-connect.hooks");
const holder = globalThis as unknown as Record<symbol, Map<string, Set<Listener<never>>> | undefined>;

export function hook<T>(name: string): Hook<T> {
  const listeners = (): Set<Listener<T>> => {
    const all = (holder[KEY] ??= new Map());
    let set = all.get(name);
    if (!set) all.set(name, (set = new Set()));
    return set as Set<Listener<T>>;
  };
  return {
    listen(listener) {
      listeners().add(listener);
      return () => listeners().delete(listener);
    },
    emit(value) {
      for (const listener of listeners()) {
        try {
          listener(value);
        } catch {
          // An observer's failure never fails the work it observes.
        }
      }
    },
  };
}
