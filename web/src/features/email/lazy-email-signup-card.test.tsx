import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderWithProviders } from "../../test/render";
import { LazyEmailSignupCard } from "./lazy-email-signup-card";

describe("the e-mail sign-up card on Home", () => {
  it("holds its place with its text and options while the form's code loads, then shows the form", async () => {
    renderWithProviders(<LazyEmailSignupCard />);
    // Before the form's code is in: the card, its text and a placeholder of its options, nothing to use yet.
    const card = screen.getByRole("region", { name: "E-mail notifications" });
    expect(within(card).getByText("Get notified when the queue opens")).toBeTruthy();
    expect(within(card).getByText("When my song is up next")).toBeTruthy();
    expect(within(card).queryByRole("checkbox")).toBeNull();
    expect(within(card).queryByRole("button")).toBeNull();

    expect(await within(card).findByRole("checkbox", { name: "When my song is up next" })).toBeTruthy();
    expect(within(card).getByRole("checkbox", { name: "Queue notifications" })).toHaveProperty("checked", true);
    expect(within(card).getByRole("checkbox", { name: "General updates" })).toHaveProperty("checked", false);
    expect(within(card).getByRole("textbox", { name: "E-mail address" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Subscribe" })).toBeTruthy();
    // The placeholder is gone: each option is named once.
    expect(within(card).getAllByText("When my song is up next")).toHaveLength(1);
  });
});
