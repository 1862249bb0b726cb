import { beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS } from "@common/auth";
import {
  clearUserSession,
  getAnonymousSubmission,
  getLiveChannelAdminToken,
  getOwnUserId,
  getStoredUser,
  hasSeenHelp,
  isUserSignedIn,
  markHelpSeen,
  onUserDataChanged,
  setAnonymousSubmission,
  setSessionTokens,
} from "./storage";

beforeEach(() => localStorage.clear());

describe("browser storage", () => {
  it("stores a user session, announces it and signs the user in", () => {
    const changed = vi.fn();
    const stop = onUserDataChanged(changed);
    setSessionTokens("user", { access_token: "a", refresh_token: "r" }, { user_id: "u1", username: "ann", email: "a@x.io" });
    stop();
    expect(changed).toHaveBeenCalled();
    expect(isUserSignedIn()).toBe(true);
    expect(getStoredUser()).toMatchObject({ user_id: "u1", username: "ann" });
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe("u1");
  });

  it("clears the session and the legacy entries on sign-out", () => {
    setSessionTokens("user", { access_token: "a", refresh_token: "r" }, { user_id: "u1" });
    for (const key of ["access_token", "refresh_token", "accessToken", "refreshToken", "userInfo", "user"]) localStorage.setItem(key, "old");
    localStorage.setItem(STORAGE_KEYS.adminAccessToken, "admin");
    clearUserSession();
    expect(isUserSignedIn()).toBe(false);
    expect(Object.keys(localStorage)).toEqual([STORAGE_KEYS.adminAccessToken]);
  });

  it("keeps an anonymous submission only when its id looks real", () => {
    setAnonymousSubmission({ id: "short", user_id: "g1", submitted_at: "t" });
    expect(getAnonymousSubmission()).toBeNull();
    setAnonymousSubmission({ id: "entry-0123456789", user_id: "g1", guest_secret: "s", submitted_at: "t" });
    expect(getAnonymousSubmission()?.guest_secret).toBe("s");
    expect(getOwnUserId()).toBe("g1");
    setSessionTokens("user", { access_token: "a", refresh_token: "r" }, { user_id: "u1" });
    expect(getOwnUserId()).toBe("u1");
  });

  it("survives unreadable JSON", () => {
    localStorage.setItem(STORAGE_KEYS.userData, "{not json");
    expect(getStoredUser()).toBeNull();
  });

  it("remembers that the help dialog was seen", () => {
    expect(hasSeenHelp()).toBe(false);
    markHelpSeen();
    expect(hasSeenHelp()).toBe(true);
  });

  it("takes the admin live channel's token from admin, then general, then user storage", () => {
    expect(getLiveChannelAdminToken()).toBeNull();
    setSessionTokens("user", { access_token: "user-token", refresh_token: "r" });
    expect(getLiveChannelAdminToken()).toBe("user-token");
    localStorage.setItem("access_token", "general-token");
    expect(getLiveChannelAdminToken()).toBe("general-token");
    setSessionTokens("admin", { access_token: "admin-token", refresh_token: "r" });
    expect(getLiveChannelAdminToken()).toBe("admin-token");
  });
});
