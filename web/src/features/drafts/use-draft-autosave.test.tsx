import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook, act } from "@testing-library/react";
import { DRAFT_AUTOSAVE_MS, DRAFT_MESSAGES, DRAFT_STORAGE_KEYS, type Draft, type DraftFields } from "@common/drafts";
import { ApiError } from "../../lib/api-client";
import { advance } from "../../test/frozen-timers";
import { EMPTY_DRAFT, readLocalDraft, clearLocalDraft, writeLocalDraft } from "./local-draft";
import { startingDraft, useDraftAutosave } from "./use-draft-autosave";

const serverDraft = (fields: DraftFields, extra: Partial<Draft> = {}): Draft => ({
  ...fields,
  song_link: fields.link,
  has_file_selected: !!fields.file_key,
  file_expired: false,
  updated_at: new Date().toISOString(),
  ...extra,
});

describe("draft autosave", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  const start = (save: (fields: DraftFields) => Promise<Draft>) => renderHook(() => useDraftAutosave("member-1", { fields: EMPTY_DRAFT, fileExpired: false }, save));

  it("saves once, 600 ms after the last change, on this device and to the server", async () => {
    const save = vi.fn(async (fields: DraftFields) => serverDraft(fields));
    const { result } = start(save);
    for (const text of ["N", "Ni", "Nig", "Night"]) {
      act(() => result.current.update({ artist_name: text }));
      await advance(DRAFT_AUTOSAVE_MS - 100);
    }
    expect(save).not.toHaveBeenCalled();
    expect(localStorage.getItem(DRAFT_STORAGE_KEYS.perUser("member-1"))).toBeNull();

    await advance(100);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ artist_name: "Night" });
    expect(readLocalDraft("member-1")).toMatchObject({ artist_name: "Night" });
    expect(JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEYS.lastDraft)!)).toMatchObject({ owner_id: "member-1", draft: { artist_name: "Night" } });
    expect(result.current.state).toBe("saved");

    await advance(5 * DRAFT_AUTOSAVE_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("says 'Saving…' while a change waits, sends saves one after another and settles only on the newest", async () => {
    const answers: Array<() => void> = [];
    const save = vi.fn((fields: DraftFields) => new Promise<Draft>((resolve) => answers.push(() => resolve(serverDraft(fields)))));
    const { result } = start(save);
    act(() => result.current.update({ artist_name: "Night Owls" }));
    await advance(DRAFT_AUTOSAVE_MS);
    expect(save).toHaveBeenCalledTimes(1);

    act(() => result.current.update({ is_file: true, file_key: "b".repeat(32), file_name: "tone.mp3" }));
    expect(result.current.state).toBe("saving");
    await advance(DRAFT_AUTOSAVE_MS);
    expect(save).toHaveBeenCalledTimes(1);

    await act(async () => answers[0]!());
    expect(result.current.state).toBe("saving");
    expect(save).toHaveBeenCalledTimes(2);
    expect(save.mock.calls[1]![0]).toMatchObject({ file_name: "tone.mp3" });
    await act(async () => answers[1]!());
    expect(result.current.state).toBe("saved");
  });

  it("a change made as the timer fires goes out in that save: 'Draft saved' never speaks for a save that left it out", async () => {
    const answers: Array<() => void> = [];
    const save = vi.fn((fields: DraftFields) => new Promise<Draft>((resolve) => answers.push(() => resolve(serverDraft(fields)))));
    const { result } = start(save);
    act(() => result.current.update({ artist_name: "Night Owls", is_file: true }));
    await advance(DRAFT_AUTOSAVE_MS - 1);
    // The upload's answer lands, and the timer set for the earlier change fires before React renders again.
    act(() => {
      result.current.update({ file_key: "b".repeat(32), file_name: "tone.mp3" });
      vi.advanceTimersByTime(1);
    });
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ artist_name: "Night Owls", is_file: true, file_name: "tone.mp3" });
    await act(async () => answers[0]!());
    expect(result.current.state).toBe("saved");
  });

  it("saves a change at once when the form closes before the 600 ms are over", async () => {
    const save = vi.fn(async (fields: DraftFields) => serverDraft(fields));
    const { result, unmount } = start(save);
    act(() => result.current.update({ artist_name: "Last words" }));
    await advance(200);
    unmount();
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toMatchObject({ artist_name: "Last words" });
    expect(readLocalDraft("member-1")).toMatchObject({ artist_name: "Last words" });
  });

  it("says 'Failed to save draft' when the server refuses, and 'Unexpected response from server' for an odd answer; the local copy is kept", async () => {
    const refused = start(() => Promise.reject(new ApiError({ status: 500, path: "drafts/me", method: "PUT" })));
    act(() => refused.result.current.update({ track_title: "Low Light" }));
    await advance(DRAFT_AUTOSAVE_MS);
    expect(refused.result.current.error).toBe(DRAFT_MESSAGES.saveFailed);
    expect(readLocalDraft("member-1")).toMatchObject({ track_title: "Low Light" });
    refused.unmount();

    const odd = start(() => Promise.reject(new Error(DRAFT_MESSAGES.unexpectedResponse)));
    act(() => odd.result.current.update({ track_title: "Low" }));
    await advance(DRAFT_AUTOSAVE_MS);
    expect(odd.result.current.error).toBe(DRAFT_MESSAGES.unexpectedResponse);
  });

  it("keeps the text and asks for the file again when the server says the file expired", async () => {
    const { result } = start(async (fields) => serverDraft({ ...fields, file_key: null }, { file_expired: true }));
    act(() => result.current.update({ artist_name: "A", is_file: true, file_key: "a".repeat(32), file_name: "tone.mp3" }));
    await advance(DRAFT_AUTOSAVE_MS);
    expect(result.current.fileExpired).toBe(true);
    expect(result.current.fields).toMatchObject({ artist_name: "A", is_file: true, file_key: null, file_name: "tone.mp3" });
  });
});

describe("which draft a member starts from", () => {
  beforeEach(() => localStorage.clear());

  it("takes the newer of this device's copy and the server's, and the last draft only if it is the member's", () => {
    writeLocalDraft("member-1", { ...EMPTY_DRAFT, artist_name: "Local", updated_at: "2026-03-01T12:00:00.000Z" });
    const older = serverDraft({ ...EMPTY_DRAFT, artist_name: "Server" }, { updated_at: "2026-03-01T11:00:00.000Z" });
    const newer = { ...older, updated_at: "2026-03-01T13:00:00.000Z" };
    expect(startingDraft(readLocalDraft("member-1"), older).fields.artist_name).toBe("Local");
    expect(startingDraft(readLocalDraft("member-1"), newer).fields.artist_name).toBe("Server");

    localStorage.removeItem(DRAFT_STORAGE_KEYS.perUser("member-1"));
    expect(readLocalDraft("member-1")?.artist_name).toBe("Local");
    expect(readLocalDraft("member-2")).toBeNull();
    clearLocalDraft("member-2");
    expect(readLocalDraft("member-1")).not.toBeNull();
    clearLocalDraft("member-1");
    expect(readLocalDraft("member-1")).toBeNull();
  });
});
