import { DRAFT_FILE_TTL_MS, DRAFT_MESSAGES, type Draft, type DraftFinalizeInput, type DraftInput, type DraftPresignResponse } from "@common/drafts";
import type { PresignUploadInput } from "@common/files";
import type { SubmitResponse } from "@common/queue";
import type { Db } from "../../db/kysely";
import { type Clock, toIso } from "../../lib/clock";
import { badRequest, notFound } from "../../lib/errors";
import { type Actor, requireActiveAdmin, requireMember } from "../../lib/access";
import type { FilesService, UploadOrigin } from "../files/files.service";
import type { QueueService } from "../queue/queue.service";
import { createDraftsRepository, type DraftRow } from "./drafts.repository";
import { presentDraft } from "./drafts.presenter";

export interface DraftsServiceDeps {
  db: Db;
  clock: Clock;
  files: Pick<FilesService, "presignUpload" | "fileForKey" | "expireUnused">;
  queue: Pick<QueueService, "submit">;
}

/** Drafts expired per run of the expiry job; the next run takes the rest. */
const EXPIRY_BATCH = 500;

/**
 * A member's one saved draft: kept while the queue is closed, sent through the queue's one submit rule
 * (and cleared with the new entry, in one transaction), never sent by itself. Its file is kept 24 hours.
 */
export function createDraftsService(deps: DraftsServiceDeps) {
  const repository = createDraftsRepository(deps.db);
  const now = () => deps.clock.now();
  const expiryCutoff = () => toIso(new Date(now().getTime() - DRAFT_FILE_TTL_MS));

  /** The file a saved draft keeps: the one it had, a new one that has arrived, or none (and whether one is gone). */
  async function fileOf(actor: Actor, input: DraftInput, before: DraftRow | undefined): Promise<Pick<DraftRow, "file_key" | "file_attached_at" | "file_expired">> {
    const isFile = input.is_file ?? false;
    const key = input.file_key ?? null;
    if (key && before?.file_key === key) return { file_key: key, file_attached_at: before.file_attached_at, file_expired: 0 };
    if (key && (await deps.files.fileForKey(actor, key))) return { file_key: key, file_attached_at: toIso(now()), file_expired: 0 };
    // A key whose file is gone (a tab still holding an expired one), or a file draft still waiting for a new file.
    const gone = (key !== null || before?.file_expired === 1) && isFile;
    return { file_key: null, file_attached_at: null, file_expired: gone ? 1 : 0 };
  }

  return {
    async get(actor: Actor): Promise<Draft> {
      const userId = requireMember(actor);
      const row = await repository.find(userId);
      if (!row) throw notFound(DRAFT_MESSAGES.noDraft);
      return presentDraft(row);
    },

    /** Saves the whole draft as the form holds it; blank fields are kept blank. */
    async save(actor: Actor, input: DraftInput): Promise<Draft> {
      const userId = requireMember(actor);
      const before = await repository.find(userId);
      const file = await fileOf(actor, input, before);
      const row = await repository.save({
        user_id: userId,
        artist_name: input.artist_name ?? "",
        track_title: input.track_title ?? "",
        youtube_username: input.youtube_username ?? "",
        message: input.message ?? "",
        link: input.link || input.song_link || "",
        is_file: input.is_file ? 1 : 0,
        file_name: input.file_name ?? null,
        file_type: input.file_type ?? null,
        has_file_selected: file.file_key || input.has_file_selected ? 1 : 0,
        ...file,
        updated_at: toIso(now()),
      });
      return presentDraft(row);
    },

    async remove(actor: Actor): Promise<void> {
      const userId = requireMember(actor);
      await repository.remove(userId);
    },

    /** An upload URL for the draft's file, under the same rules, limits and scan as a submission's. */
    async presign(actor: Actor, input: PresignUploadInput, from: UploadOrigin): Promise<DraftPresignResponse> {
      requireMember(actor);
      const upload = await deps.files.presignUpload(actor, input, from, { whileClosed: true });
      return { url: upload.put_url, key: upload.key };
    },

    /**
     * Sends the draft through the queue's submit rule (closed queue, one live entry, Fast Pass) and
     * deletes it in the same transaction: a refused send keeps it, and of two tabs sending it one wins.
     */
    async finalize(actor: Actor, input: DraftFinalizeInput, fastPassLevel?: number): Promise<SubmitResponse> {
      const userId = requireMember(actor);
      const draft = await repository.find(userId);
      let file: { key: string; link: string } | undefined;
      if (input.file_key) {
        const stale = draft?.file_key === input.file_key && draft.file_attached_at !== null && draft.file_attached_at < expiryCutoff();
        file = stale ? undefined : ((await deps.files.fileForKey(actor, input.file_key)) ?? undefined);
        if (!file) throw badRequest(DRAFT_MESSAGES.fileExpired);
      }
      return deps.queue.submit({
        input: {
          artist_name: input.artist_name,
          track_title: input.track_title,
          youtube_username: input.youtube_username,
          message: input.message,
          link: file ? "" : (input.link ?? draft?.link ?? ""),
        },
        actor,
        file,
        fastPassLevel,
        inTransaction: async (trx) => {
          await repository.remove(userId, trx);
        },
      });
    },

    /** Drops the files attached to drafts more than 24 hours ago; the drafts keep their text. Returns how many. */
    async expireFiles(actor: Actor): Promise<number> {
      requireActiveAdmin(actor);
      const cutoff = expiryCutoff();
      let expired = 0;
      for (const draft of await repository.withFileAttachedBefore(cutoff, EXPIRY_BATCH)) {
        if (!draft.file_key || !(await repository.expireFile(draft.user_id, draft.file_key, cutoff))) continue;
        await deps.files.expireUnused(draft.file_key);
        expired += 1;
      }
      return expired;
    },
  };
}

export type DraftsService = ReturnType<typeof createDraftsService>;
