// Every user of the clinic with their platform connection, and what an admin can do about each.
// Buttons stay in place (disabled when they do not apply) so their messages survive the refresh.
// The page hands in the Accounts route's server actions; each button binds one to its row.
import type { ActionResult } from "@/lib/actions/result";
import type { AccountRow } from "@/lib/admin/accounts";
import { ActionButton } from "@/components/admin/action-button";
import { DataTable, type Column } from "@/components/ui/data-table";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/ui/when";
import { IdText } from "@/components/ui/id-text";

type ConnectionAction = (input: { connectionId: string }) => Promise<ActionResult>;

export interface AccountActions {
  forceRefresh: ConnectionAction;
  requestReconnect: ConnectionAction;
  revoke: ConnectionAction;
  setAdmin: (input: { userId: string; isAdmin: boolean }) => Promise<ActionResult>;
}

function who(row: AccountRow): string {
  return row.name ?? row.platformUserId;
}

function ConnectionActions({ row, perUser, actions }: { row: AccountRow; perUser: boolean; actions: AccountActions }) {
  const c = row.connection;
  if (!perUser || !c)
    return (
      <span className="text-xs text-slate-500">
        {perUser ? "Has not connected yet" : "Acts through the clinic connection"}
      </span>
    );
  const name = who(row);
  const ended = c.status === "revoked" || c.status === "broken";
  const mend = "Only a new sign-in by this user can mend it.";
  const target = { connectionId: c.id };
  return (
    <>
      <ActionButton
        label="Force refresh"
        ariaLabel={`Force refresh for ${name}`}
        action={actions.forceRefresh.bind(null, target)}
        disabled={ended}
        disabledReason={mend}
      />
      <ActionButton
        label="Ask to reconnect"
        ariaLabel={`Ask to reconnect: ${name}`}
        action={actions.requestReconnect.bind(null, target)}
        disabled={c.status === "revoked"}
        disabledReason={mend}
        confirm={{
          title: `Ask ${name} to reconnect?`,
          description:
            "Their current tokens stop working now; they are asked to sign in with the platform again the next time they need it.",
          confirmLabel: "Ask to reconnect",
        }}
      />
      <ActionButton
        label="Revoke"
        variant="danger"
        ariaLabel={`Revoke ${name}'s connection`}
        action={actions.revoke.bind(null, target)}
        disabled={c.status === "revoked"}
        disabledReason="Already revoked."
        confirm={{
          title: `Revoke ${name}'s connection?`,
          description:
            "The tokens are revoked at the platform and here. The app cannot act for them until they sign in again.",
          confirmLabel: "Revoke",
        }}
      />
    </>
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
  const columns: Column<AccountRow>[] = [
    {
      key: "user",
      header: "User",
      title: true,
      cell: (row) => (
        <>
          {who(row)} {row.isYou && <span className="text-xs font-normal text-slate-500">(you)</span>}
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
      header: "Platform type",
      cell: (row) => (row.staffRole ? `${row.platformUserType} · ${row.staffRole}` : row.platformUserType),
    },
    { key: "role", header: "App role", cell: (row) => row.appRole },
    { key: "admin-basis", header: "Admin right", cell: (row) => row.adminBasis },
    { key: "connected", header: "Connected since", cell: (row) => <When iso={row.connection?.connectedAt} /> },
    { key: "expiry", header: "Token expiry", cell: (row) => <When iso={row.connection?.expiresAt} /> },
    {
      key: "last-refresh",
      header: "Last refresh",
      cell: (row) => (
        <>
          <When iso={row.connection?.lastRefreshAt} empty="Never" />
          {row.connection && row.connection.refreshCount > 0 && (
            <span className="block text-xs text-slate-500">
              {row.connection.refreshCount} refresh{row.connection.refreshCount === 1 ? "" : "es"}
            </span>
          )}
        </>
      ),
    },
    {
      key: "state",
      header: "State",
      cell: (row) => (
        <>
          <StatusBadge
            state={perUser ? (row.connection?.status ?? "none") : "none"}
            label={perUser ? undefined : "Clinic connection"}
          />
          {row.connection?.stateReason && (
            <span className="block max-w-[14rem] text-xs text-slate-600">{row.connection.stateReason}</span>
          )}
        </>
      ),
    },
    {
      key: "actions",
      header: "Actions",
      cell: (row) => (
        <div className="flex flex-wrap gap-2">
          <ConnectionActions row={row} perUser={perUser} actions={actions} />
          <ActionButton
            label={row.isAdmin ? "Demote" : "Promote to admin"}
            ariaLabel={row.isAdmin ? `Demote ${who(row)}` : `Promote to admin: ${who(row)}`}
            action={actions.setAdmin.bind(null, { userId: row.userId, isAdmin: !row.isAdmin })}
            confirm={
              row.isAdmin
                ? {
                    title: `Demote ${who(row)}?`,
                    description: row.isYou
                      ? "You will lose the admin console at once."
                      : "They keep their platform role and lose the admin console.",
                    confirmLabel: "Demote",
                  }
                : undefined
            }
          />
        </div>
      ),
    },
  ];
  return (
    <DataTable
      label="Users of the clinic and their platform connections"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.userId}
      rowProps={(row) => ({ "data-user": row.platformUserId, "data-user-id": row.userId })}
    />
  );
}
