import { describe, expect, it } from "vitest";
import { MESSAGES } from "@common/messages";
import { ApiError } from "../../lib/api-client";
import { actionFailure, entryLink, expiryText, isPremiumNote, truncateLink } from "./entry-display";

describe("truncateLink", () => {
  it("keeps a link of up to 50 characters whole", () => {
    const fifty = `https://example.com/${"a".repeat(30)}`;
    expect(fifty).toHaveLength(50);
    expect(truncateLink(fifty)).toBe(fifty);
  });

  it("cuts a longer link after 50 characters and marks the cut", () => {
    const long = `https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1234567890`;
    expect(truncateLink(long)).toBe(`${long.slice(0, 50)}…`);
  });

  it("never splits an emoji in two", () => {
    const link = `https://example.com/${"🎵".repeat(40)}`;
    expect([...truncateLink(link)].length).toBe(51);
  });
});

describe("isPremiumNote", () => {
  it.each(["I donated $5", "Donation via stream", "PRIORITY please", "prio!", "paid on venmo", "can I skip?", "sent on Venmo", "CashApp $me"])("highlights %j", (note) =>
    expect(isPremiumNote(note)).toBe(true),
  );

  it.each(["Empty!", "love the stream", "", null])("does not highlight %j", (note) => expect(isPremiumNote(note)).toBe(false));
});

describe("expiryText", () => {
  const now = new Date(2026, 5, 10, 15, 0); // 10 June, 15:00 local

  it("says Expired once the time has passed", () => {
    expect(expiryText(new Date(2026, 5, 10, 14, 59).toISOString(), now)).toBe("Expired");
    expect(expiryText(new Date(2026, 4, 1).toISOString(), now)).toBe("Expired");
  });

  it("says Today for later the same day", () => {
    expect(expiryText(new Date(2026, 5, 10, 23, 59).toISOString(), now)).toBe("Today");
  });

  it("counts calendar days up to a week", () => {
    expect(expiryText(new Date(2026, 5, 11, 0, 30).toISOString(), now)).toBe("1 day");
    expect(expiryText(new Date(2026, 5, 12, 9).toISOString(), now)).toBe("2 days");
    expect(expiryText(new Date(2026, 5, 17, 23).toISOString(), now)).toBe("7 days");
  });

  it("shows the date itself beyond a week", () => {
    expect(expiryText(new Date(2026, 5, 18, 10).toISOString(), now, "en-US")).toBe("Jun 18, 2026");
  });

  it("shows nothing for an unreadable date", () => {
    expect(expiryText("whenever", now)).toBe("");
  });
});

describe("entryLink", () => {
  it("opens an external address in a new tab", () => {
    expect(entryLink({ link: "https://soundcloud.com/artist/track", file_key: null })).toEqual({
      kind: "external",
      text: "https://soundcloud.com/artist/track",
      href: "https://soundcloud.com/artist/track",
    });
  });

  it("recognises a local upload, a stored object and a file coming by e-mail, none of them clickable", () => {
    const key = "0123456789abcdef0123456789abcdef";
    expect(entryLink({ link: `file:/uploads/${key}`, file_key: key })).toMatchObject({ kind: "local_upload", href: null });
    expect(entryLink({ link: `https://bucket.s3.example.com/${key}`, file_key: key })).toMatchObject({ kind: "stored_object", href: null });
    expect(entryLink({ link: "file:/uploads/pending-email", file_key: null })).toMatchObject({ kind: "pending_email", href: null });
  });

  it("does not turn an odd scheme into a clickable link", () => {
    expect(entryLink({ link: "javascript:alert(1)", file_key: null }).href).toBeNull();
  });
});

describe("actionFailure", () => {
  const failure = (status: number, detail?: unknown) => new ApiError({ status, detail, path: "x", method: "GET" });

  it("adds the server's detail to the spec's sentence", () => {
    expect(actionFailure("hold", failure(409, "Only a waiting submission can be put on hold"))).toEqual({
      title: "Failed to put user on hold!",
      detail: "Only a waiting submission can be put on hold",
    });
    expect(actionFailure("remove", failure(404, "Submission not found")).title).toBe("Failed to remove user from queue!");
    expect(actionFailure("release", failure(409, "x")).title).toBe("Failed to release user from hold!");
    expect(actionFailure("priority", failure(409, "x")).title).toBe("Failed to update priority!");
  });

  it("explains a 403 on a move as an inactive admin account", () => {
    expect(actionFailure("move", failure(403, "Forbidden"))).toEqual({ title: "Failed to move user to active queue!", detail: MESSAGES.adminInactive });
    expect(actionFailure("moveBack", failure(403))).toEqual({ title: "Failed to move user back to waiting queue!", detail: MESSAGES.adminInactive });
  });

  it("says the server could not be reached when there was no answer", () => {
    expect(actionFailure("move", failure(0, "Network Error")).detail).toBe("Cannot reach the server");
  });
});
