import type { SubmissionInput } from "@common/queue";
import type { Db, Dialect } from "../../db/kysely";
import type { Clock } from "../../lib/clock";
import type { Actor } from "../../lib/access";
import type { EventBus } from "../../events/domain-events";
import type { Outbox } from "../../events/outbox";
import type { SettingsService } from "../settings/settings.service";
import type { AuditRecorder } from "../audit/audit.service";
import type { BanCheck } from "../moderation/moderation.service";
import type { EntryTransitions, SubmissionFile } from "./entry-transitions";
import type { QueueEvents } from "./queue-events";
import type { EntryPresenter, QueueFiles, QueueSongDetails } from "./queue.presenter";
import type { QueueRepository } from "./queue.repository";
import type { QueueSnapshots } from "./queue-snapshot";
import type { AdminListsSource } from "./queue-admin-lists";

/** Hook for the Fast Pass feature: spends one token of `level` on the entry inside the submission's transaction, or throws. */
export interface FastPassSpender {
  spend(trx: Db, spend: { userId: string; level: number; entryId: string }): Promise<void>;
}

export interface QueueServiceDeps {
  db: Db;
  /** PostgreSQL writes a new guest and its entry in one statement (one round trip instead of four). */
  dialect?: Dialect;
  clock: Clock;
  events: EventBus;
  settings: SettingsService;
  files?: QueueFiles;
  /** Links' looked-up song details: shown on the lists, counted in waits, held against the host's longest-song limit. */
  songDetails?: QueueSongDetails;
  fastPass: FastPassSpender;
  outbox?: Outbox;
  /** Records admin actions in the transaction of the change. */
  audit?: AuditRecorder;
  /** The host's bans, checked on every submission and owner edit. */
  bans?: BanCheck;
  /** Hook for the activity feature: an admin brought these submitters back to Waiting, so their inactivity timers start again at `at`. */
  restartInactivityTimers(seen: [userId: string, at: string][]): Promise<void>;
}

export interface SubmitCommand {
  input: SubmissionInput;
  actor: Actor;
  file?: SubmissionFile;
  fastPassLevel?: number;
  /** false refuses a link that is already live in the queue. */
  bypassDuplicates?: boolean;
  /** Writes that must commit with the new entry, or not at all (clearing the draft it came from). */
  inTransaction?: (trx: Db) => Promise<void>;
}

/** The pieces the queue's services are made of, each with one job; a service takes the ones it uses. */
export interface QueueParts {
  deps: QueueServiceDeps;
  repository: QueueRepository;
  presenter: EntryPresenter;
  snapshots: QueueSnapshots;
  adminLists: AdminListsSource;
  queueEvents: QueueEvents;
  transitions: EntryTransitions;
}
