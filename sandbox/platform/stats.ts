// Counters the app's tests read through GET /__sandbox/stats ("exactly one refresh happened").
export function emptyStats() {
  return {
    requests_total: 0,
    requests_by_route: {} as Record<string, number>,
    code_exchanges_succeeded: 0,
    code_exchanges_failed: 0,
    token_refreshes_succeeded: 0,
    token_refreshes_failed: 0,
    revocations: 0,
    rate_limited: 0,
    faults_injected: 0,
    session_grants_created: 0,
    session_grants_claimed: 0,
    clinic_key_activations: 0,
    events_emitted: 0,
    webhook_attempts: 0,
    webhook_successes: 0,
    webhook_failures: 0,
  };
}
export type Stats = ReturnType<typeof emptyStats>;
