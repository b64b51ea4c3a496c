// Every person of the clinic: those who have signed in, with their platform connection, and those
// the platform lists who have not yet; each one's state in words, and what an admin can do about
// them behind one "Actions" button per row. Buttons stay in place (disabled when they do not apply) so
// their messages survive the refresh; your own connection cannot be revoked from here (sign out).
// The page hands in the Accounts route's server actions; each button binds one to its row.
import { useTranslations } from "next-intl";
import type { ActionResult } from "@/lib/results/result";
import type { Say } from "@/lib/i18n/say";
import type { AccountRow } from "@/lib/admin/accounts";
import { ActionButton } from "@/components/admin/action-button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";
import { IdText } from "@/components/ui/id-text";
import { RowMenu } from "@/components/ui/row-menu";
import { stateReasonText } from "@/lib/auth/state-reason";

const REVOKED_BY_ADMIN = "admin.connectionReasons.revokedByAdmin";

type ConnectionAction = (input: { connectionId: string }) => Promise<ActionResult>;

export interface AccountActions {
  forceRefresh: ConnectionAction;
  requestReconnect: ConnectionAction;
  revoke: ConnectionAction;
  setAdmin: (input: { userId: string; isAdmin: boolean }) => Promise<ActionResult>;
  setAdminBeforeSignIn: (input: { platformUserId: string; grant: boolean }) => Promise<ActionResult>;
}

function who(row: AccountRow): string {
  return row.name ?? row.platformUserId;
}

function basisText({ adminBasis: { why, by } }: AccountRow, say: Say): string {
  const who = by === undefined ? "unknown" : by === "" ? "operator" : "named";
  if (why === "promoted" || why === "demoted") return say("admin.accounts.basis.override", { why, by: by ?? "", who });
  if (why === "granted") return say("admin.accounts.basis.granted", { by: by ?? "", who });
  return why === "none" ? "—" : say(`admin.accounts.basis.${why}`);
}

function ConnectionActions({ row, perUser, actions }: { row: AccountRow; perUser: boolean; actions: AccountActions }) {
  const t = useTranslations("admin.accounts");
  const c = row.connection;
  if (!perUser || !c)
    return <span className="text-xs text-slate-500">{perUser ? t("notConnected") : t("viaClinic")}</span>;
  const name = who(row);
  const ended = c.status === "revoked" || c.status === "broken";
  const mend = t("mend");
  const target = { connectionId: c.id };
  return (
    <>
      <ActionButton
        label={t("forceRefresh")}
        ariaLabel={t("forceRefreshFor", { name })}
        action={actions.forceRefresh.bind(null, target)}
        disabled={ended}
        disabledReason={mend}
      />
      <ActionButton
        label={t("askReconnect")}
        ariaLabel={t("askReconnectFor", { name })}
        action={actions.requestReconnect.bind(null, target)}
        disabled={c.status === "revoked"}
        disabledReason={mend}
        confirm={{
          title: t("askReconnectTitle", { name }),
          description: t("askReconnectBody"),
          confirmLabel: t("askReconnect"),
        }}
      />
      {!row.isYou && (
        <ActionButton
          label={t("revoke")}
          variant="danger"
          ariaLabel={t("revokeFor", { name })}
          action={actions.revoke.bind(null, target)}
          disabled={c.status === "revoked"}
          disabledReason={t("alreadyRevoked")}
          confirm={{
            title: t("revokeTitle", { name }),
            description: t("revokeBody"),
            confirmLabel: t("revoke"),
          }}
        />
      )}
    </>
  );
}

/**
 * Where the person stands: not signed in yet, signed out (not "revoked": they left themselves), their
 * access revoked by an admin (named), else their connection's state and why.
 */
function StateCell({ row, perUser }: { row: AccountRow; perUser: boolean }) {
  const t = useTranslations("admin.accounts");
  const say = useTranslations();
  const { presence } = row;
  if (presence.kind === "not-signed-in") return <StatusBadge state="not_signed_in" label={t("presence.notSignedIn")} />;
  if (presence.kind === "signed-out") return <StatusBadge state="signed_out" label={t("presence.signedOut")} />;
  const reason =
    presence.kind === "revoked" && presence.by !== null
      ? t("presence.revokedBy", { by: presence.by, who: "named" })
      : row.connection?.stateReason === REVOKED_BY_ADMIN
        ? t("presence.revokedBy", { by: "", who: "unknown" })
        : row.connection?.stateReason && stateReasonText(say, row.connection.stateReason);
  return (
    <>
      <StatusBadge
        state={perUser ? (row.connection?.status ?? "none") : "none"}
        label={perUser ? undefined : t("clinicConnection")}
      />
      {reason && <span className="block max-w-[14rem] text-xs text-slate-600">{reason}</span>}
    </>
  );
}

/**
 * Someone who has not signed in yet: an admin may make them an admin from their first sign-in, or
 * withdraw that; the platform's Clinic admin needs nothing (they are one from their first sign-in).
 */
function EarlyGrantMenu({ row, actions }: { row: AccountRow; actions: AccountActions }) {
  const t = useTranslations("admin.accounts");
  const name = who(row);
  if (row.adminBasis.why === "platform") return <span className="text-xs text-slate-600">{t("noActionYet")}</span>;
  const granted = row.adminBasis.why === "granted";
  return (
    <RowMenu label={t("menu")} ariaLabel={t("menuFor", { name })}>
      <ActionButton
        label={granted ? t("withdrawGrant") : t("grantAhead")}
        ariaLabel={granted ? t("withdrawGrantFor", { name }) : t("grantAheadFor", { name })}
        action={actions.setAdminBeforeSignIn.bind(null, { platformUserId: row.platformUserId, grant: !granted })}
        confirm={
          granted
            ? undefined
            : {
                title: t("grantAheadTitle", { name }),
                description: t("grantAheadBody", { name }),
                confirmLabel: t("grantAhead"),
              }
        }
      />
    </RowMenu>
  );
}

export function AccountsTable({
  rows,
  perUser,
  actions,
}: {
  rows: AccountRow[];
  perUser: boolean;
  actions: AccountActions;
}) {
  const t = useTranslations("admin.accounts");
  const say = useTranslations();
  const columns: Column<AccountRow>[] = [
    {
      key: "user",
      header: t("user"),
      title: true,
      cell: (row) => (
        <>
          {who(row)} {row.isYou && <span className="text-xs font-normal text-slate-500">{t("you")}</span>}
          {/* The platform id under a name; without a name it is the line above already. */}
          {row.name && (
            <span className="block font-normal">
              <IdText id={row.platformUserId} />
            </span>
          )}
        </>
      ),
    },
    {
      key: "type",
      header: t("platformType"),
      cell: (row) =>
        row.staffRole
          ? t("typeWithRole", { type: say(`roles.${row.platformUserType}`), role: row.staffRole })
          : say(`roles.${row.platformUserType}`),
    },
    { key: "role", header: t("appRole"), cell: (row) => say(`roles.${row.appRole}`) },
    { key: "admin-basis", header: t("adminRight"), cell: (row) => basisText(row, say) },
    { key: "connected", header: t("connectedSince"), cell: (row) => <When iso={row.connection?.connectedAt} /> },
    { key: "expiry", header: t("tokenExpiry"), cell: (row) => <When iso={row.connection?.expiresAt} /> },
    {
      key: "last-refresh",
      header: t("lastRefresh"),
      cell: (row) => (
        <>
          {/* "Never" only for a connection there is; someone who has not signed in has none. */}
          <When iso={row.connection?.lastRefreshAt} empty={row.connection ? t("never") : "—"} />
          {row.connection && row.connection.refreshCount > 0 && (
            <span className="block text-xs text-slate-500">
              {t("refreshes", { count: row.connection.refreshCount })}
            </span>
          )}
        </>
      ),
    },
    {
      key: "state",
      header: t("state"),
      cell: (row) => <StateCell row={row} perUser={perUser} />,
    },
    {
      key: "actions",
      header: t("actions"),
      cell: (row) =>
        row.userId === null ? (
          <EarlyGrantMenu row={row} actions={actions} />
        ) : (
          <RowMenu label={t("menu")} ariaLabel={t("menuFor", { name: who(row) })}>
            <ConnectionActions row={row} perUser={perUser} actions={actions} />
            <ActionButton
              label={row.isAdmin ? t("demote") : t("promote")}
              ariaLabel={row.isAdmin ? t("demoteFor", { name: who(row) }) : t("promoteFor", { name: who(row) })}
              action={actions.setAdmin.bind(null, { userId: row.userId, isAdmin: !row.isAdmin })}
              // Both directions change who opens the console and the patients' names in its trail: ask first.
              confirm={
                row.isAdmin
                  ? {
                      title: t("demoteTitle", { name: who(row) }),
                      description: row.isYou ? t("demoteSelf") : t("demoteOther"),
                      confirmLabel: t("demote"),
                    }
                  : {
                      title: t("promoteTitle", { name: who(row) }),
                      description: t("promoteBody"),
                      confirmLabel: t("promote"),
                    }
              }
            />
          </RowMenu>
        ),
    },
  ];
  return (
    <DataTable
      label={t("tableLabel")}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.platformUserId}
      rowProps={(row) => ({
        "data-user": row.platformUserId,
        "data-presence": row.presence.kind,
        ...(row.userId && { "data-user-id": row.userId }),
      })}
    />
  );
}
