import { useQueryClient } from "@tanstack/react-query";
import type { AccountExport } from "@common/account-data";
import { api } from "../../lib/api-client";
import { announceSessionChanged } from "../../lib/session-events";
import { clearUserSession, getRefreshToken, setIntendedPath } from "../../lib/storage";
import { accountKeys } from "./api";
import { markSetupPending } from "./session";

/** Hands the browser a JSON file to save. */
function saveJson(data: unknown, filename: string): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The member's own data and logins: download everything, change the password (this login stays),
 * sign out everywhere and delete the account. The last two also forget the session in this browser.
 */
export function useAccountDataActions() {
  const client = useQueryClient();

  const forgetSession = async (): Promise<void> => {
    clearUserSession();
    setIntendedPath(null);
    markSetupPending(false);
    client.removeQueries({ queryKey: accountKeys.all });
    await announceSessionChanged();
  };

  return {
    /** GET user/me/export, saved as livequeue-<username>.json. */
    async downloadData(): Promise<void> {
      const data = await api.get<AccountExport>("user/me/export", { auth: "user" });
      saveJson(data, `livequeue-${data.profile.username}.json`);
    },

    /** PUT user/me/password; this browser's refresh token names the login that stays signed in. */
    async changePassword(currentPassword: string, newPassword: string): Promise<string> {
      const answer = await api.put<{ detail: string }>("user/me/password", {
        auth: "user",
        json: { current_password: currentPassword, new_password: newPassword, refresh_token: getRefreshToken("user") ?? undefined },
      });
      return answer.detail;
    },

    async signOutEverywhere(): Promise<string> {
      const answer = await api.post<{ detail: string }>("user/logout-all", { auth: "user" });
      await forgetSession();
      return answer.detail;
    },

    /** DELETE user/me with the typed username (and the password when the account has one). */
    async deleteAccount(username: string, password: string | null): Promise<string> {
      const answer = await api.delete<{ detail: string }>("user/me", { auth: "user", json: { username, ...(password ? { password } : {}) } });
      await forgetSession();
      return answer.detail;
    },
  };
}
