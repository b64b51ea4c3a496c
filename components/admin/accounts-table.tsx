// Every user of the clinic with their platform connection, and what an admin can do about each.
// Buttons stay in place (disabled when they do not apply) so their messages survive the refresh.
import type { AccountRow } from "@/lib/admin/accounts";
import {
  forceRefreshAction,
  requestReconnectAction,
  revokeConnectionAction,
  setAdminAction,
} from "@/app/admin/accounts/actions";
import { ActionButton } from "@/components/admin/action-button";
import { StatusBadge } from "@/components/admin/status-badge";
import { When } from "@/components/admin/when";

function who(row: AccountRow): string {
  return row.name ?? row.platformUserId;
}

function ConnectionActions({ row, perUser }: { row: AccountRow; perUser: boolean }) {
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
  return (
    <>
      <ActionButton
        label="Force refresh"
        ariaLabel={`Force refresh for ${name}`}
        action={forceRefreshAction.bind(null, c.id)}
        disabled={ended}
        disabledReason={mend}
      />
      <ActionButton
        label="Ask to reconnect"
        ariaLabel={`Ask ${name} to reconnect`}
        action={requestReconnectAction.bind(null, c.id)}
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
        action={revokeConnectionAction.bind(null, c.id)}
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

export function AccountsTable({ rows, perUser }: { rows: AccountRow[]; perUser: boolean }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Users of the clinic and their platform connections</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">
              User
            </th>
            <th scope="col" className="px-3 py-2">
              Platform type
            </th>
            <th scope="col" className="px-3 py-2">
              App role
            </th>
            <th scope="col" className="px-3 py-2">
              Connected since
            </th>
            <th scope="col" className="px-3 py-2">
              Token expiry
            </th>
            <th scope="col" className="px-3 py-2">
              Last refresh
            </th>
            <th scope="col" className="px-3 py-2">
              State
            </th>
            <th scope="col" className="px-3 py-2">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.userId}
              data-user={row.platformUserId}
              data-user-id={row.userId}
              className="border-t border-slate-100 align-top"
            >
              <th scope="row" className="px-3 py-2 font-medium">
                {who(row)} {row.isYou && <span className="text-xs font-normal text-slate-500">(you)</span>}
                {/* The platform id under a name; without a name it is the line above already. */}
                {row.name && (
                  <span className="block font-mono text-xs font-normal text-slate-500">{row.platformUserId}</span>
                )}
              </th>
              <td className="px-3 py-2">{row.platformUserType}</td>
              <td className="px-3 py-2" data-column="role">
                {row.appRole}
              </td>
              <td className="px-3 py-2">
                <When iso={row.connection?.connectedAt} />
              </td>
              <td className="px-3 py-2">
                <When iso={row.connection?.expiresAt} />
              </td>
              <td className="px-3 py-2" data-column="last-refresh">
                <When iso={row.connection?.lastRefreshAt} empty="Never" />
                {row.connection && row.connection.refreshCount > 0 && (
                  <span className="block text-xs text-slate-500">
                    {row.connection.refreshCount} refresh{row.connection.refreshCount === 1 ? "" : "es"}
                  </span>
                )}
              </td>
              <td className="px-3 py-2" data-column="state">
                <StatusBadge
                  state={perUser ? (row.connection?.status ?? "none") : "none"}
                  label={perUser ? undefined : "Clinic connection"}
                />
                {row.connection?.stateReason && (
                  <span className="block max-w-[14rem] text-xs text-slate-600">{row.connection.stateReason}</span>
                )}
              </td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  <ConnectionActions row={row} perUser={perUser} />
                  <ActionButton
                    label={row.isAdmin ? "Demote" : "Promote to admin"}
                    ariaLabel={row.isAdmin ? `Demote ${who(row)}` : `Promote ${who(row)} to admin`}
                    action={setAdminAction.bind(null, row.userId, !row.isAdmin)}
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
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
