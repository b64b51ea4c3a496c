// The seed's word lists, for tests that find a seeded record by its name.
export { RESOURCE_TITLES } from "../seed/names";
