import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { REVIEW_MESSAGES } from "@common/reviews";
import { useFakeAdminApi } from "../../../test/fake-admin-api";
import { renderWithProviders } from "../../../test/render";
import { ScoreControl } from "./score-control";

const saved = { submission_id: "song-1", score: 7, note: "Nice", reviewed_at: "2026-11-27T20:00:00.000Z" };
const { calls } = useFakeAdminApi((call) => (call.method === "PUT" ? [200, { ...saved, ...JSON.parse(call.body) }] : [200, { review: null }]));

// The popover animates in; jsdom never finishes the transition, so what is inside counts as hidden.
describe("the Score control", () => {
  it("saves a score from 1 to 10 with a line, and shows it on its button", async () => {
    renderWithProviders(<ScoreControl submissionId="song-1" trackTitle="Glass Harbour" eager />);
    await userEvent.click(await screen.findByRole("button", { name: "Score: Glass Harbour" }));
    const score = await screen.findByLabelText("Score for Glass Harbour");
    await userEvent.type(score, "11");
    expect(screen.getByText(REVIEW_MESSAGES.scoreRange)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save score", hidden: true }).hasAttribute("disabled")).toBe(true);
    await userEvent.clear(score);
    await userEvent.type(score, "7");
    await userEvent.type(screen.getByLabelText("A line for the artist"), "  Nice ");
    await userEvent.click(screen.getByRole("button", { name: "Save score", hidden: true }));
    await screen.findByRole("button", { name: "Score 7/10: Glass Harbour" });
    const put = calls.find((call) => call.method === "PUT");
    expect(put?.path).toBe("reviews/song-1");
    expect(JSON.parse(put!.body)).toEqual({ score: 7, note: "Nice" });
  });

  it("asks for the score only when opened, unless told to ask at once", async () => {
    renderWithProviders(<ScoreControl submissionId="song-2" trackTitle="Paper Boats" />);
    expect(screen.getByRole("button", { name: "Score: Paper Boats" })).toBeTruthy();
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Score: Paper Boats" }));
    await waitFor(() => expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["GET reviews/song-2"]));
  });
});
