// The sandbox's seeded random source, for tests and fuzzers that need a reproducible stream (a
// failing run prints its seed). Not for secrets.
export { seededRandom } from "../core/random";
