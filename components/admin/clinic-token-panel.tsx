"use client";
// Clinic-level mode: the one clinic token everyone acts through. Connecting (or replacing) it is a
// sign-in with the platform by an admin; a working token is revoked first, because a sign-in only
// replaces a clinic connection that is not working.
import { signInWithPlatform } from "@/components/auth/auth-requests";
import { useState, useTransition } from "react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { ActionFailure, ActionResult } from "@/lib/results/result";
import { ActionMessage } from "@/components/ui/action-message";

const CALLBACK = "/admin/accounts";

export function ClinicTokenButton({ working, prepare }: { working: boolean; prepare: () => Promise<ActionResult> }) {
  const t = useTranslations("admin.accounts");
  const [asking, setAsking] = useState(false);
  const [pending, start] = useTransition();
  const [error, setError] = useState<ActionFailure | null>(null);
  const connect = () => void signInWithPlatform(CALLBACK);
  const replace = () =>
    start(async () => {
      const result = await prepare();
      if (!result.ok) {
        setAsking(false);
        setError(result);
        return;
      }
      connect();
    });
  return (
    <div className="space-y-2">
      <Button variant="primary" busy={pending} onClick={() => (working ? setAsking(true) : connect())}>
        {working ? t("replaceToken") : t("connectToken")}
      </Button>
      <ConfirmDialog
        open={asking}
        title={t("replaceTokenTitle")}
        description={t("replaceTokenBody")}
        confirmLabel={t("replaceTokenConfirm")}
        busy={pending}
        onConfirm={replace}
        onCancel={() => setAsking(false)}
      />
      {error && <ActionMessage result={error} />}
    </div>
  );
}
