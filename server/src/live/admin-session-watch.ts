import type { WebSocket } from "ws";
import { POLICY_VIOLATION_CLOSE_CODE } from "@common/live";
import type { AdminSession } from "../lib/access";

export const SESSION_ENDED_REASON = "Admin session ended";

export interface AdminSessionWatchOptions {
  /** The sessions among these that were ended since they were opened. */
  endedSessions(sessions: AdminSession[]): Promise<AdminSession[]>;
  intervalMs: number;
  log: { warn(object: object, message: string): void };
}

/**
 * Closes the admin sockets whose login was ended (a new password, a deactivation, revoke-sessions, a
 * deletion). Those changes come from the admin CLI, another process with no channel to this one, so
 * each instance looks at the admins' session versions in the shared database every `intervalMs`.
 */
export function createAdminSessionWatch(options: AdminSessionWatchOptions) {
  const watched = new Map<WebSocket, AdminSession>();
  let checking = false;

  async function check(): Promise<void> {
    if (checking || watched.size === 0) return;
    checking = true;
    try {
      const ended = new Set((await options.endedSessions([...watched.values()])).map((s) => `${s.adminId}:${s.sessionVersion}`));
      for (const [socket, session] of watched) {
        if (ended.has(`${session.adminId}:${session.sessionVersion}`)) socket.close(POLICY_VIOLATION_CLOSE_CODE, SESSION_ENDED_REASON);
      }
    } catch (err) {
      options.log.warn({ err }, "checking the admin sockets' sessions failed");
    } finally {
      checking = false;
    }
  }

  const timer = setInterval(() => void check(), options.intervalMs);
  timer.unref();

  return {
    watch(socket: WebSocket, session: AdminSession): void {
      watched.set(socket, session);
      socket.on("close", () => watched.delete(socket));
    },
    close(): void {
      clearInterval(timer);
    },
  };
}
