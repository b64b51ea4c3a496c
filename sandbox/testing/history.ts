// For benchmarks and tests that need a long history fast: writes an event straight into a running
// sandbox's state (no webhook, no HTTP), as the seed does. The sandbox's public testing surface, so
// code outside sandbox/ never reaches into its internals.
export { recordEvent } from "../events/emit";
