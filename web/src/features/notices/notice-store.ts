import { KEPT_SYSTEM_MESSAGES, KEPT_USER_NOTIFICATIONS } from "@common/limits";
import { STORAGE_KEYS } from "@common/storage-keys";

/** A live message kept for the notification menu. */
export interface Notice {
  /** The same message seen by several tabs is kept once. */
  id: string;
  kind: "system" | "personal";
  title: string | null;
  message: string;
  tone: "info" | "warning" | "error" | "success";
  at: string;
  read: boolean;
}

export interface NoticeState {
  system: Notice[];
  personal: Notice[];
}

const EMPTY: NoticeState = { system: [], personal: [] };
const LIMITS = { system: KEPT_SYSTEM_MESSAGES, personal: KEPT_USER_NOTIFICATIONS } as const;

function isNotice(value: unknown): value is Notice {
  if (!value || typeof value !== "object") return false;
  const notice = value as Record<string, unknown>;
  return typeof notice.id === "string" && typeof notice.message === "string" && typeof notice.at === "string" && typeof notice.read === "boolean";
}

function read(): NoticeState {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.notices) ?? "null");
    if (!parsed || typeof parsed !== "object") return EMPTY;
    const { system, personal } = parsed as Record<string, unknown>;
    return {
      system: Array.isArray(system) ? system.filter(isNotice).slice(0, LIMITS.system) : [],
      personal: Array.isArray(personal) ? personal.filter(isNotice).slice(0, LIMITS.personal) : [],
    };
  } catch {
    return EMPTY;
  }
}

let snapshot: NoticeState | null = null;
const listeners = new Set<() => void>();

function write(next: NoticeState): void {
  snapshot = next;
  try {
    localStorage.setItem(STORAGE_KEYS.notices, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the menu still works for this page's life.
  }
  for (const listener of listeners) listener();
}

/** The kept notices, newest first, shared by every tab of this browser (localStorage). */
export const noticeStore = {
  get(): NoticeState {
    snapshot ??= read();
    return snapshot;
  },

  /** What a first visit holds: the menu of the prerendered page. */
  getInitial: (): NoticeState => EMPTY,

  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.notices && event.key !== null) return;
      snapshot = read();
      listener();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      listeners.delete(listener);
      window.removeEventListener("storage", onStorage);
    };
  },

  add(notice: Omit<Notice, "read">): void {
    const state = noticeStore.get();
    const list = state[notice.kind];
    if (list.some((kept) => kept.id === notice.id)) return;
    write({ ...state, [notice.kind]: [{ ...notice, read: false }, ...list].slice(0, LIMITS[notice.kind]) });
  },

  markAllRead(): void {
    const state = noticeStore.get();
    if (![...state.system, ...state.personal].some((notice) => !notice.read)) return;
    const readAll = (list: Notice[]) => list.map((notice) => (notice.read ? notice : { ...notice, read: true }));
    write({ system: readAll(state.system), personal: readAll(state.personal) });
  },

  clear(): void {
    write(EMPTY);
  },

  /** Tests start from an empty store. */
  reset(): void {
    snapshot = null;
  },
};
