// One sentence on every signed-in page while the clinic is not connected to the platform, saying what
// that means for the reader and who can fix it: the admins by name for everyone else, the step to
// take for an admin (lib/connection/state.ts decides the state; the checklist is on the admin's home).
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { ClinicConnection } from "@/lib/connection/read";

const TONES = {
  warn: "border-amber-300 bg-amber-50 text-amber-950",
  bad: "border-red-300 bg-red-50 text-red-950",
} as const;

export async function ConnectionNotice({ connection, isAdmin }: { connection: ClinicConnection; isAdmin: boolean }) {
  if (connection.status === "connected") return null;
  const t = await getTranslations("connection");
  const broken = connection.status === "broken";
  const admins = connection.admins;
  const who = admins.length > 0 ? t("admins", { names: listOf(admins, t("and")) }) : t("anAdmin");
  const done = connection.steps.filter((s) => s.done).length;
  return (
    // A region, not a live status or alert: it is part of the page as it loads, and a live region
    // would be read out again, and would be taken for the page's own messages.
    <section
      aria-label={t("region")}
      data-testid="connection-notice"
      data-status={connection.status}
      className={`mb-6 rounded-lg border px-4 py-3 text-sm ${TONES[broken ? "bad" : "warn"]}`}
    >
      {broken ? (
        isAdmin ? (
          <p>
            <strong>{t(`broken.${connection.brokenBecause ?? "key-revoked"}.title`)}</strong>{" "}
            {t(`broken.${connection.brokenBecause ?? "key-revoked"}.admin`)}{" "}
            <Link
              className="font-medium underline"
              href={connection.brokenBecause === "clinic-connection" ? "/admin/accounts" : "/admin/clinic-key"}
            >
              {t(`broken.${connection.brokenBecause ?? "key-revoked"}.fix`)}
            </Link>
          </p>
        ) : (
          <p>
            <strong>{t(`broken.${connection.brokenBecause ?? "key-revoked"}.title`)}</strong>{" "}
            {t("broken.others", { who })}
          </p>
        )
      ) : isAdmin ? (
        <p>
          <strong>{t("settingUp.title")}</strong> {t("settingUp.admin", { done, total: connection.steps.length })}{" "}
          <Link className="font-medium underline" href="/#setup">
            {t("settingUp.checklist")}
          </Link>
        </p>
      ) : (
        <p>
          <strong>{t("settingUp.title")}</strong> {t("settingUp.others", { who })}
        </p>
      )}
    </section>
  );
}

/** "Ana, Ben and Chloé": names joined as a sentence says them. */
function listOf(names: string[], and: string): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}`;
}
