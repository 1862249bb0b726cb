import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { DraftFields } from "@common/drafts";

/** What a new draft starts with: the member's Auto-Fill defaults, which the account feature owns and hands in. */
export interface DraftDefaults {
  fields: Partial<Pick<DraftFields, "artist_name" | "youtube_username">>;
  /** The defaults are still loading: a new draft waits for them rather than start blank. */
  loading: boolean;
}

const DraftDefaultsContext = createContext<DraftDefaults>({ fields: {}, loading: false });

export function DraftDefaultsProvider({ artist_name, youtube_username, loading, children }: DraftDefaults["fields"] & { loading: boolean; children: ReactNode }) {
  const defaults = useMemo<DraftDefaults>(() => ({ fields: { artist_name, youtube_username }, loading }), [artist_name, youtube_username, loading]);
  return <DraftDefaultsContext.Provider value={defaults}>{children}</DraftDefaultsContext.Provider>;
}

export const useDraftDefaults = (): DraftDefaults => useContext(DraftDefaultsContext);
