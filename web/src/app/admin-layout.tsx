import { Outlet } from "react-router";
import { AdminSessionProvider, RequireAdmin } from "../features/admin-session";
import { AdminShell } from "../features/admin-shell";

/** Every admin page, /access included: one admin session, restored once on load. */
export function AdminLayout() {
  return (
    <AdminSessionProvider>
      <Outlet />
    </AdminSessionProvider>
  );
}

/** The signed-in back-office pages: the admin guard and socket, inside the back-office shell. */
export function SignedInAdminLayout() {
  return (
    <RequireAdmin>
      <AdminShell>
        <Outlet />
      </AdminShell>
    </RequireAdmin>
  );
}

/** The host's player page: the admin guard and a socket that never gives up, without the back-office shell. */
export function PlayerLayout() {
  return (
    <RequireAdmin retryForever>
      <Outlet />
    </RequireAdmin>
  );
}
