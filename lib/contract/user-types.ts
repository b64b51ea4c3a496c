// Who a platform user is, as a plain value (zod-free): the schemas in ./common and ./embed use it.
export const USER_TYPES = ["Practitioner", "Staff"] as const;
export type UserType = (typeof USER_TYPES)[number];
