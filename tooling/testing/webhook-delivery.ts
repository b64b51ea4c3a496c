// A webhook delivery's body as the platform sends it, for tests that post deliveries.
export function deliveryBody(id: string, clinicId = "clinic-a"): string {
  return JSON.stringify({
    event: {
      id,
      type: "order.placed",
      clinic_id: clinicId,
      integration_id: "int-1",
      created_at: new Date().toISOString(),
      data: { order: { id: "o1" } },
    },
  });
}
