import type { ServerMessage } from "@common/live";
import { MESSAGES } from "@common/messages";
import { QUEUE_MESSAGES } from "@common/queue";
import { PRIVATE_SETTINGS } from "@common/settings";
import { type DomainEvent, type EntryChangeEvent, type EntrySummary, type EventBus, isEntryChange } from "../events/domain-events";
import type { LiveFanout } from "./live-fanout";

export interface LiveAdapterDeps {
  events: EventBus;
  fanout: LiveFanout;
}

/**
 * The one place where what happened becomes what the browser receives: domain events in, the spec's
 * `ServerMessage`s out to this instance's sockets. Every instance runs one, so socket fan-out happens
 * everywhere while the change itself happened once. The lists' `queue_update`s are not made here: they
 * follow the versions the queue's snapshot builds (feature-deps.ts).
 */
export function createLiveAdapter(deps: LiveAdapterDeps): () => void {
  const toAll = (message: ServerMessage) => deps.fanout.publish({ target: { kind: "all" }, message });
  const toAdmins = (message: ServerMessage) => deps.fanout.publish({ target: { kind: "admins" }, message });
  const toSubmitter = (entry: EntrySummary, message: ServerMessage) => {
    for (const userId of new Set([entry.user_id, ...(entry.owner_id ? [entry.owner_id] : [])])) {
      deps.fanout.publish({ target: { kind: "user", userId }, message });
    }
  };

  /** What the submitter of a changed entry is told, beside the lists' updates. */
  function tellSubmitter(change: EntryChangeEvent): void {
    switch (change.name) {
      case "submission.released":
        return toSubmitter(change.payload.entry, {
          type: "released_from_hold",
          artist_name: change.payload.entry.artist_name,
          track_title: change.payload.entry.track_title,
          message: MESSAGES.releasedFromHold,
          released_at: change.payload.released_at,
        });
      case "submission.played": {
        const message: ServerMessage = {
          type: "submission_played",
          artist_name: change.payload.entry.artist_name,
          track_title: change.payload.entry.track_title,
          played_at: change.payload.played_at,
        };
        // The submitter hears their song was played; the back-office refreshes its played list and analytics.
        toSubmitter(change.payload.entry, message);
        return deps.fanout.publish({ target: { kind: "admins" }, message });
      }
      case "submission.removed":
        // Only a removal the submitter did not see coming: their upload's scan found it too long, or the host declined it.
        if (change.payload.by !== "host_limit" && change.payload.by !== "declined") return;
        return toSubmitter(change.payload.entry, {
          type: "submission_removed",
          artist_name: change.payload.entry.artist_name,
          track_title: change.payload.entry.track_title,
          message: change.payload.by === "declined" ? QUEUE_MESSAGES.declined(change.payload.reason ?? "") : MESSAGES.removedTooLong,
          removed_at: change.payload.removed_at ?? "",
        });
      case "submission.claimed":
        return deps.fanout.publish({
          target: { kind: "user", userId: change.payload.account_id },
          message: { type: "position_update", user_id: change.payload.account_id },
        });
    }
  }

  function translate(event: DomainEvent): void {
    if (isEntryChange(event)) return tellSubmitter(event);
    switch (event.name) {
      case "queue.bulk_changed":
        for (const change of event.payload.changes) tellSubmitter(change);
        return;
      case "settings.changed": {
        const { name, value, changed_at } = event.payload;
        toAll({ type: "settings_update", setting_name: name, setting_value: PRIVATE_SETTINGS.includes(name) ? "" : (value ?? ""), timestamp: changed_at });
        if (name === "isQueueOn") {
          toAll({ type: "system_message", message_type: "info", message: value === "true" ? MESSAGES.queueOpen : MESSAGES.queueClosedNotice, timestamp: changed_at });
        }
        return;
      }
      case "loyalty.changed":
        // Only a nudge to refetch GET loyalty/balance: a tagged socket proves nothing, so no balance travels here.
        return deps.fanout.publish({ target: { kind: "user", userId: event.payload.user_id }, message: { type: "loyalty_update", user_id: event.payload.user_id } });
      case "session.changed":
      case "votes.changed":
        // Everyone on /queue sees the played songs and their counts; who voted never travels here.
        return toAll({ type: "votes_update", session_id: event.payload.session_id });
      case "skip_votes.changed":
        return toAll({ type: "skip_votes_update", ...event.payload });
      case "player.claimed":
        return toAdmins({ type: "player_active", player_id: event.payload.player_id, claimed_at: event.payload.claimed_at });
      case "player.released":
        return toAdmins({ type: "player_active", player_id: null, claimed_at: null });
      case "player.state":
        return toAdmins({ type: "player_state", state: event.payload.state });
      case "player.command":
        return toAdmins({ type: "player_command", ...event.payload });
    }
  }

  return deps.events.subscribe(translate);
}
