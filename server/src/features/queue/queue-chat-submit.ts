import { MESSAGES } from "@common/messages";
import { QUEUE_MESSAGES } from "@common/queue";
import type { PriorityLevel } from "@common/limits";
import { badRequest, conflict, forbidden } from "../../lib/errors";
import type { EntryInsert } from "./entry-group-commit.repository";
import type { HostLimits } from "./host-limits";
import type { QueueParts } from "./queue-service-deps";
import type { SubmissionRow } from "./queue-rules";

/** A request from chat, as the chat-requests feature hands it to the queue once it has decided who asks. */
export interface ChatSubmitCommand {
  /** The entry's submitter id: the linked account's id, else the chat identity's own id. */
  submitterId: string;
  /** The linked member account, or null. */
  accountId: string | null;
  /** "platform:platform user id", which the host's chat bans match. */
  chatIdentity: string;
  displayName: string;
  link: string;
  artistName?: string;
  trackTitle?: string;
  /** A priority already paid on the platform (a channel-point "Skip the line" redemption), with where it came from. */
  priority?: { level: PriorityLevel; paymentSource: string };
  /** The host exempted the viewer's role from the per-person limits. */
  exemptFromLimits: boolean;
  /** Which chat identity asked, and how: stored with the new entry. */
  fromChat: NonNullable<EntryInsert["fromChat"]>;
}

/**
 * The web submit's rules for a request from chat, in the same order and with the same refusals:
 * closed or paused, bans (the chat identity's too), the per-person limit, blocked words, one live
 * entry per person (the database decides under a race), and a link already live in the queue (chat
 * has no way to ask for a duplicate).
 */
export function createChatSubmit({ deps, repository, transitions }: Pick<QueueParts, "deps" | "repository" | "transitions">, limits: HostLimits) {
  return async function submitFromChat(command: ChatSubmitCommand): Promise<SubmissionRow> {
    if (!(await deps.settings.isQueueOpen())) throw badRequest(MESSAGES.queueClosed);
    if ((await deps.settings.get("isSubmissionsOpen")) === "false") throw badRequest(QUEUE_MESSAGES.submissionsPaused);
    const fields = transitions.fieldsFor({ link: command.link, artist_name: command.artistName, track_title: command.trackTitle, youtube_username: command.displayName });
    const refusal = await deps.bans?.refusalFor({
      accountId: command.accountId,
      guestId: command.submitterId,
      username: fields.username,
      canonicalKey: fields.canonical_key,
      chatIdentity: command.chatIdentity,
    });
    if (refusal) throw forbidden(refusal);
    if (!command.exemptFromLimits) {
      await limits.refuseOverStreamLimit({ submitterIds: [command.submitterId], accountId: command.accountId, username: fields.username });
    }
    await limits.refuseBlockedWords(fields);
    await limits.refuseTooLong(fields);
    const live = await repository.liveConflicts(command.submitterId, fields.canonical_key);
    if (live.personIsLive) throw conflict(MESSAGES.alreadyInQueue);
    if (live.songIsLive) throw conflict(MESSAGES.duplicateLink);
    return transitions.insertEntry({
      userId: command.submitterId,
      ownerId: command.accountId,
      fields,
      priority: command.priority?.level ?? 0,
      paymentSource: command.priority?.paymentSource ?? null,
      byAdmin: false,
      awaitApproval: (await deps.settings.get("approvalFirst")) === "true",
      fromChat: command.fromChat,
    });
  };
}

/** Takes a chat viewer's live entry out while it still waits or is held; a song already playing is the host's to finish. */
export function createChatWithdraw({ queueEvents, transitions }: Pick<QueueParts, "queueEvents" | "transitions">) {
  const { transition, now } = transitions;
  return async function withdrawFromChat(submitterId: string): Promise<SubmissionRow> {
    const { before, after } = await transition(submitterId, ["waiting", "on_hold"], { status: "removed", removed_at: now(), hold_reason: null }, () =>
      conflict(QUEUE_MESSAGES.alreadyPlaying),
    );
    await queueEvents.entryChanged("submission.removed", after, before.status, { by: "owner" });
    return after;
  };
}
