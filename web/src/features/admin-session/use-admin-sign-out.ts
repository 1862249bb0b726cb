import { useCallback } from "react";
import { useNavigate } from "react-router";
import { ADMIN_MESSAGES } from "@common/admin";
import { toastError } from "../../components/toast";
import { useAdminSession } from "./admin-session-provider";
import { ADMIN_LOGIN } from "./admin-guards";

/** Logout: ends the session (locally even when the server cannot be reached, then 'Connection failed!') and goes to /access. */
export function useAdminSignOut(): () => Promise<void> {
  const { logout } = useAdminSession();
  const navigate = useNavigate();
  return useCallback(async () => {
    const { failed } = await logout();
    if (failed) toastError(ADMIN_MESSAGES.connectionFailed);
    void navigate(ADMIN_LOGIN, { replace: true });
  }, [logout, navigate]);
}
