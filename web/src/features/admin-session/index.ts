/** The host's back-office session: sign-in, the guards of the admin pages, sign-out and the admin's live connection. */
export { useAdminLiveReconnect } from "./admin-live-provider";
export { RequireAdmin, useAfterLoginPath } from "./admin-guards";
export { AdminLoginForm } from "./admin-login-form";
export { AdminSessionProvider, useAdminSession } from "./admin-session-provider";
export { useAdminSignOut } from "./use-admin-sign-out";
