// Ports and environment of the stack the end-to-end tests run against: apart from `npm start`'s
// defaults, so a running local instance does not collide with a test run.
export const E2E_APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const E2E_SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4110);

export const E2E_ENV = {
  PORT: String(E2E_APP_PORT),
  SANDBOX_PORT: String(E2E_SANDBOX_PORT),
  APP_URL: `http://localhost:${E2E_APP_PORT}`,
  NEXTAUTH_URL: `http://localhost:${E2E_APP_PORT}`,
  CLINIC_API_BASE_URL: `http://127.0.0.1:${E2E_SANDBOX_PORT}`,
} as const;
