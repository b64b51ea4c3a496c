// The admin console's sections: their addresses and catalog keys (admin.sections.*), for its
// navigation and its pages' titles. Plain data, so the browser's navigation can import it too.
export const ADMIN_SECTIONS = [
  { href: "/admin", key: "overview" },
  { href: "/admin/accounts", key: "accounts" },
  { href: "/admin/clinic-key", key: "clinicKey" },
  { href: "/admin/webhooks", key: "webhooks" },
  { href: "/admin/reconciliation", key: "reconciliation" },
  { href: "/admin/environment", key: "environment" },
  { href: "/admin/platform-changes", key: "platformChanges" },
  { href: "/admin/settings", key: "settings" },
  { href: "/admin/alerts", key: "alerts" },
  { href: "/admin/audit", key: "audit" },
] as const;

export type AdminSectionKey = (typeof ADMIN_SECTIONS)[number]["key"];
