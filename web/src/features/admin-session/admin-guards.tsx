import type { ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { LoadingSpinner } from "../../components/loading-spinner";
import { AdminLiveProvider } from "./admin-live-provider";
import { useAdminSession } from "./admin-session-provider";

export const ADMIN_HOME = "/admin";
export const ADMIN_LOGIN = "/access";

/** Router state of the redirect to /access: where the admin was going. */
export interface LoginRedirectState {
  from?: string;
}

/**
 * Every admin page but /access: a visitor without an admin session goes to /access, origin remembered.
 * `retryForever` keeps the admin socket trying after an outage (the host's player, see AdminLiveProvider).
 */
export function RequireAdmin({ children, retryForever = false }: { children: ReactNode; retryForever?: boolean }) {
  const { isInitialized, isAuthenticated } = useAdminSession();
  const location = useLocation();
  if (!isInitialized) return <LoadingSpinner label="Checking your admin session…" />;
  if (!isAuthenticated) {
    const state: LoginRedirectState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to={ADMIN_LOGIN} replace state={state} />;
  }
  return <AdminLiveProvider retryForever={retryForever}>{children}</AdminLiveProvider>;
}

/** Where a signed-in admin on /access goes: the remembered origin, else the admin home. */
export function useAfterLoginPath(): string {
  const from = (useLocation().state as LoginRedirectState | null)?.from;
  return from && from.startsWith("/") && !from.startsWith("//") && from !== ADMIN_LOGIN ? from : ADMIN_HOME;
}
