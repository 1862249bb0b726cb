import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Entry, SubmitResponse } from "@common/queue";
import { setSessionTokens } from "../../../lib/storage";
import { serveOpenQueue, type RealServer } from "../../../test/real-server";
import { renderWithProviders } from "../../../test/render";
import { OwnerActions } from "./owner-actions";

let server: RealServer;
serveOpenQueue((started) => (server = started));

describe("Edit Submission", { timeout: 30_000 }, () => {
  it("opens on the entry as stored now, not as the list showed it before a change made on another device", async () => {
    const member = await server.register("edits_elsewhere");
    const body = { artist_name: "Mira Vale", track_title: "First Title", youtube_username: "MiraVale", username: "miravale", link: "https://example.com/first", message: "" };
    const { queuer } = await server.call<SubmitResponse>("POST", "queuer/?bypass_duplicates=false", { token: member.access_token, json: body });
    await server.call("PUT", `queuer/${queuer.user_id}`, { token: member.access_token, json: { ...body, track_title: "Changed On Phone", on_hold: false } });
    setSessionTokens("user", member, member.user);

    const listed: Entry = queuer;
    renderWithProviders(<OwnerActions entry={listed} />);
    await userEvent.click(screen.getByRole("button", { name: "Edit Submission" }));
    expect(((await screen.findByLabelText(/Track title/)) as HTMLInputElement).value).toBe("Changed On Phone");
  });
});
