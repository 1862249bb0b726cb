import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { AdminProfile } from "@common/auth";
import { getAccessToken, getRefreshToken, onUserDataChanged } from "../../lib/storage";
import { adminSessionReducer, initialAdminSession, loginAdmin, logoutAdmin, restoreAdminSessionOnce, type AdminSessionState } from "./admin-session";

interface AdminSessionValue extends AdminSessionState {
  /** Why the stored sign-in could not be restored ('No admin refresh token', 'Request timeout'...), for the sign-in page. */
  restoreProblem: string | null;
  /** Resolves when signed in; rejects with the sentence to show. */
  login(username: string, password: string): Promise<AdminProfile>;
  logout(): Promise<{ failed: boolean }>;
}

const AdminSessionContext = createContext<AdminSessionValue | null>(null);

/** Restores the admin session on load and keeps it for every admin page below. */
export function AdminSessionProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(adminSessionReducer, initialAdminSession);
  const queryClient = useQueryClient();
  const [restoreProblem, setRestoreProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void restoreAdminSessionOnce().then(({ admin, reason }) => {
      if (reason) console.warn("Admin session not restored:", reason);
      if (!current) return;
      setRestoreProblem(reason ?? null);
      dispatch({ type: "INITIALIZE", admin });
    });
    return () => {
      current = false;
    };
  }, []);

  // The API client drops the admin tokens when a renewal fails: the session is over.
  useEffect(
    () =>
      onUserDataChanged(() => {
        if (!getAccessToken("admin") && !getRefreshToken("admin")) dispatch({ type: "LOGOUT" });
      }),
    [],
  );

  const login = useCallback(async (username: string, password: string) => {
    const admin = await loginAdmin(username, password);
    setRestoreProblem(null);
    dispatch({ type: "LOGIN", admin });
    return admin;
  }, []);

  const logout = useCallback(async () => {
    const result = await logoutAdmin();
    dispatch({ type: "LOGOUT" });
    queryClient.removeQueries({ queryKey: ["admin"] });
    return result;
  }, [queryClient]);

  const value = useMemo(() => ({ ...state, restoreProblem, login, logout }), [state, restoreProblem, login, logout]);
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}

export function useAdminSession(): AdminSessionValue {
  const value = useContext(AdminSessionContext);
  if (!value) throw new Error("useAdminSession must be used inside an AdminSessionProvider");
  return value;
}
