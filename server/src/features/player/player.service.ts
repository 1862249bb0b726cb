import { isNewerClaim, type PlayerClaim, type PlayerClientMessage, type PlayerConfig, type PlayerState, type PlayerStatusInfo } from "@common/player";
import type { PlayNextInput, PlayNextResult } from "@common/queue-admin";
import type { ServerMessage } from "@common/live";
import type { EventBus } from "../../events/domain-events";
import { type Actor, type AdminActor, requireActiveAdmin, requireAdmin } from "../../lib/access";
import { type Clock, toIso } from "../../lib/clock";
import { AppError } from "../../lib/errors";
import type { ServiceLog } from "../../lib/log";

export interface PlayerServiceDeps {
  clock: Clock;
  events: EventBus;
  log: ServiceLog;
  /** Where the player loads each platform's script (settings, so tests point them at fakes). */
  scripts: PlayerConfig;
  setting(name: "autoAdvance"): Promise<string | null>;
  /** The queue's Play next, with its `current_id` guard. */
  playNext(actor: Actor, input: PlayNextInput): Promise<PlayNextResult>;
}

/** What a finished song led to: the next song came up, auto-advance is off, another player or a skip got there first, or nothing was left. */
export type FinishOutcome = "advanced" | "auto_advance_off" | "not_active" | "already_advanced" | "nothing_to_play";

/**
 * The host's player: which one window plays (the newest claim, decided alike on every instance since
 * claims travel as domain events through the shared bus), its last report for pages opened later,
 * commands from any admin page, and auto-advance when a song ends. Skips from two places skip one song
 * because both go through Play next's `current_id` guard.
 */
export function createPlayerService(deps: PlayerServiceDeps) {
  let active: PlayerClaim | null = null;
  let lastState: PlayerState | null = null;

  deps.events.on("player.claimed", (claim) => {
    if (!isNewerClaim(claim, active)) return;
    active = claim;
    lastState = null;
  });
  deps.events.on("player.released", ({ player_id }) => {
    if (active?.player_id !== player_id) return;
    active = null;
    lastState = null;
  });
  deps.events.on("player.state", ({ state }) => {
    if (state.player_id === active?.player_id) lastState = state;
  });

  const isActive = (playerId: string) => active?.player_id === playerId;

  async function claim(actor: Actor, playerId: string, claimedAt?: string): Promise<void> {
    requireActiveAdmin(actor);
    const now = toIso(deps.clock.now());
    // A player coming back after a reconnect keeps its old place; never a place in the future.
    const at = claimedAt && claimedAt < now ? claimedAt : now;
    await deps.events.emit("player.claimed", { player_id: playerId, claimed_at: at });
  }

  async function report(actor: Actor, state: PlayerState): Promise<void> {
    requireAdmin(actor);
    // A window that lost its turn may report once more before it hears so: only the active one is shown.
    if (!isActive(state.player_id)) return;
    await deps.events.emit("player.state", { state });
  }

  async function finished(actor: Actor, playerId: string, entryId: string | null): Promise<FinishOutcome> {
    requireActiveAdmin(actor);
    if (!isActive(playerId)) return "not_active";
    if ((await deps.setting("autoAdvance")) !== "true") return "auto_advance_off";
    try {
      const result = await deps.playNext(actor, { current_id: entryId });
      return result.now_playing ? "advanced" : "nothing_to_play";
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 409) throw error;
      // Now Playing moved on already (a skip, the same end reported twice), or nothing is waiting.
      return entryId === null ? "nothing_to_play" : "already_advanced";
    }
  }

  /** Steers the active player from any admin page. */
  async function command(actor: Actor, message: Extract<PlayerClientMessage, { type: "player_command" }>): Promise<void> {
    requireActiveAdmin(actor);
    await deps.events.emit("player.command", message.value === undefined ? { command: message.command } : { command: message.command, value: message.value });
  }

  function receive(admin: AdminActor, message: PlayerClientMessage, claimed: Set<string>): Promise<unknown> {
    switch (message.type) {
      case "player_claim":
        claimed.add(message.player_id);
        return claim(admin, message.player_id, message.claimed_at);
      case "player_state":
        return report(admin, message.state);
      case "player_command":
        return command(admin, message);
      case "player_finished":
        return finished(admin, message.player_id, message.entry_id);
    }
  }

  return {
    /** GET player/config: the scripts' addresses, for the host's player page. */
    config(actor: Actor): PlayerConfig {
      requireAdmin(actor);
      return deps.scripts;
    },
    claim,
    report,
    finished,
    command,

    /** GET player/status: who plays and what it last said. */
    status(actor: Actor): PlayerStatusInfo {
      requireAdmin(actor);
      return { player_id: active?.player_id ?? null, claimed_at: active?.claimed_at ?? null, state: lastState };
    },

    /** The messages a newly opened admin socket is greeted with: who plays, and what it last said. */
    greeting(): ServerMessage[] {
      return [
        { type: "player_active", player_id: active?.player_id ?? null, claimed_at: active?.claimed_at ?? null },
        { type: "player_state", state: lastState },
      ];
    },

    /**
     * One admin socket's player messages. Errors go back to that socket (`reply`); the players it
     * claimed are released when it closes, so the pages stop showing a player that is gone.
     */
    connection(admin: AdminActor, reply: (message: ServerMessage) => void) {
      const claimed = new Set<string>();
      const fail = (err: unknown) => {
        if (err instanceof AppError) return reply({ type: "error", message: err.detail });
        deps.log.warn({ err }, "a player message failed");
      };
      return {
        receive: (message: PlayerClientMessage) => void receive(admin, message, claimed).catch(fail),
        close(): void {
          for (const playerId of claimed) {
            if (isActive(playerId)) void deps.events.emit("player.released", { player_id: playerId }).catch(fail);
          }
        },
      };
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
