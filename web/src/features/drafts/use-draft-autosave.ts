import { useEffect, useRef, useState } from "react";
import { DRAFT_AUTOSAVE_MS, DRAFT_MESSAGES, type Draft, type DraftFields } from "@common/drafts";
import { isApiError } from "../../lib/api-client";
import { EMPTY_DRAFT, type LocalDraft, writeLocalDraft } from "./local-draft";
import { saveDraftOnServer } from "./api";

export type DraftSaveState = "idle" | "saving" | "saved" | "error";

export interface DraftAutosave {
  fields: DraftFields;
  update: (patch: Partial<DraftFields>) => void;
  state: DraftSaveState;
  /** 'Failed to save draft' or 'Unexpected response from server' when the last server save failed. */
  error: string | null;
  /** The server dropped the draft's file after 24 hours. */
  fileExpired: boolean;
  /** Drops a change not saved yet and waits for the saves already sent, so none lands after a discard. */
  stop: () => Promise<void>;
}

const withoutBlanks = (fields: Partial<DraftFields>): Partial<DraftFields> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ""));

/** The draft to start from: this browser's copy or the server's, whichever changed last; with neither, a new one with `defaults` filled in. */
export function startingDraft(local: LocalDraft | null, server: Draft | null | undefined, defaults: Partial<DraftFields> = {}): { fields: DraftFields; fileExpired: boolean } {
  const fromServer = (draft: Draft): DraftFields => ({
    artist_name: draft.artist_name,
    track_title: draft.track_title,
    youtube_username: draft.youtube_username,
    message: draft.message,
    link: draft.link || draft.song_link,
    is_file: draft.is_file,
    file_key: draft.file_key,
    file_name: draft.file_name,
    file_type: draft.file_type,
  });
  if (server && (!local || server.updated_at >= local.updated_at || server.file_expired)) return { fields: fromServer(server), fileExpired: server.file_expired };
  if (!local) return { fields: { ...EMPTY_DRAFT, ...withoutBlanks(defaults) }, fileExpired: false };
  const { updated_at: _at, ...fields } = local;
  return { fields, fileExpired: false };
}

/**
 * The draft form's state, saved 600 ms after the last change: to this browser's storage, then to the
 * server. Saving never sends the draft to the queue.
 */
export function useDraftAutosave(
  userId: string,
  initial: { fields: DraftFields; fileExpired: boolean },
  save: (fields: DraftFields) => Promise<Draft> = saveDraftOnServer,
): DraftAutosave {
  const [fields, setFields] = useState<DraftFields>(initial.fields);
  /**
   * The fields as the last change left them, ahead of the render: a timer set for an earlier change
   * can fire between a change and its render, and must send that change, not the fields it was set with.
   */
  const latest = useRef(initial.fields);
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<DraftSaveState>("idle");
  const [error, setError] = useState<string | null>(null);
  const [fileExpired, setFileExpired] = useState(initial.fileExpired);

  /** Saves go out one after another, so the server never ends on an older draft than the last one sent. */
  const inFlight = useRef<{ last: Promise<unknown>; count: number }>({ last: Promise.resolve(), count: 0 });
  /** Counts changes: a save's answer speaks for the form only if nothing changed after it was sent. */
  const changes = useRef(0);
  /** Writes the draft here and on the server; only the newest save's answer settles what the form says. */
  const persist = useRef((_draft: DraftFields) => {});
  persist.current = (draft: DraftFields) => {
    writeLocalDraft(userId, { ...draft, updated_at: new Date().toISOString() });
    setState("saving");
    const changesSent = changes.current;
    const queue = inFlight.current;
    const answer = queue.count === 0 ? save(draft) : queue.last.then(() => save(draft));
    const settled = () => {
      queue.count -= 1;
    };
    queue.count += 1;
    queue.last = answer.then(settled, settled);
    const isNewest = () => changesSent === changes.current;
    answer.then(
      (saved) => {
        // The server says the file is gone: the draft keeps its text and asks for the file again.
        if (saved.file_expired && draft.file_key && latest.current.file_key === draft.file_key) {
          latest.current = { ...latest.current, file_key: null };
          setFields(latest.current);
        }
        if (!isNewest()) return;
        setState("saved");
        setError(null);
        setFileExpired(saved.file_expired);
      },
      (failure: unknown) => {
        if (!isNewest()) return;
        setState("error");
        const odd = !isApiError(failure) && failure instanceof Error && failure.message === DRAFT_MESSAGES.unexpectedResponse;
        setError(odd ? DRAFT_MESSAGES.unexpectedResponse : DRAFT_MESSAGES.saveFailed);
      },
    );
  };
  /** A change not saved yet: closing the form saves it at once rather than losing it. */
  const pending = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    pending.current = true;
    const timer = setTimeout(() => {
      pending.current = false;
      persist.current(latest.current);
    }, DRAFT_AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [dirty, fields]);

  useEffect(
    () => () => {
      if (pending.current) persist.current(latest.current);
    },
    [],
  );

  const update = (patch: Partial<DraftFields>) => {
    latest.current = { ...latest.current, ...patch };
    setFields(latest.current);
    if (patch.file_key || patch.is_file === false) setFileExpired(false);
    // Until the change reaches the server, the form must not still say the draft is saved.
    changes.current += 1;
    setState("saving");
    setDirty(true);
  };

  const stop = async () => {
    pending.current = false;
    setDirty(false);
    await inFlight.current.last;
  };

  return { fields, update, state, error, fileExpired, stop };
}
