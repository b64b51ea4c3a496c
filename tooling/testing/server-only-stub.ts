// Stands in for the `server-only` marker package under vitest, where every module is server code.
export {};
