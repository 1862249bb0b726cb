import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { notifications } from "@mantine/notifications";
import { liveAuth, liveUrl } from "../../lib/live-connection";
import { renewSession } from "../../lib/api-client";
import { getAccessToken, getLiveChannelAdminToken } from "../../lib/storage";
import { LiveProvider, useLive, useLiveMessage } from "../live";
import { isTokenUnexpired } from "./admin-session";

const TOAST_MS = 5000;
const COLORS = { info: "violet", warning: "yellow", error: "red" } as const;

const ReconnectContext = createContext<() => void>(() => {});

/** Opens the socket again with the freshest admin token (after the reconnect attempts ran out). */
export const useAdminLiveReconnect = () => useContext(ReconnectContext);

/**
 * While the socket is down, a token that has since been renewed (or that can be renewed) replaces the
 * one in the socket address: the server refuses an expired token, so retrying with it would never work.
 */
function TokenWatch({ token, onToken }: { token: string; onToken: (token: string) => void }) {
  const { state } = useLive();
  useEffect(() => {
    if (state !== "reconnecting" && state !== "error") return;
    const stored = getAccessToken("admin");
    if (stored && stored !== token && isTokenUnexpired(stored)) {
      onToken(stored);
      return;
    }
    if (isTokenUnexpired(token)) return;
    let current = true;
    void renewSession("admin").then((renewed) => {
      const fresh = getAccessToken("admin");
      if (current && renewed && fresh) onToken(fresh);
    });
    return () => {
      current = false;
    };
  }, [state, token, onToken]);
  return null;
}

/** Announcements on the admin channel, as toasts. */
function AdminLiveNotices() {
  useLiveMessage("system_message", (message) => {
    notifications.show({ message: message.message, color: COLORS[message.message_type] ?? "violet", autoClose: TOAST_MS });
  });
  useLiveMessage("error", (message) => {
    notifications.show({ message: message.message, color: "red", autoClose: TOAST_MS });
  });
  return null;
}

/**
 * The /ws/admin connection for the signed-in admin pages; `retryForever` for a page nobody watches (the
 * host's player in OBS), which must heal by itself after an outage.
 */
export function AdminLiveProvider({ children, retryForever = false }: { children: ReactNode; retryForever?: boolean }) {
  const [token, setToken] = useState(getLiveChannelAdminToken);
  const [generation, setGeneration] = useState(0);
  // Rare (every reconnect attempt failed): starting the provider afresh is simpler than reopening in place.
  const reconnect = useCallback(() => {
    setToken((current) => getLiveChannelAdminToken() ?? current);
    setGeneration((current) => current + 1);
  }, []);
  const target = token ? ({ channel: "admin", token } as const) : null;
  return (
    <LiveProvider key={generation} url={target && liveUrl(target)} auth={target && liveAuth(target)} retryForever={retryForever}>
      <ReconnectContext.Provider value={reconnect}>
        {token && <TokenWatch token={token} onToken={setToken} />}
        <AdminLiveNotices />
        {children}
      </ReconnectContext.Provider>
    </LiveProvider>
  );
}
