import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { renderWithProviders } from "../../test/render";
import { EmailSignupFormPlaceholder } from "./components/email-signup-form-placeholder";
import { LazyEmailSignupCard } from "./lazy-email-signup-card";

// Test files share their modules here: once any file has loaded the form's code, the card renders it at
// once, so what is drawn before it loads is tested on the placeholder itself.
describe("the e-mail sign-up card on Home", () => {
  it("is there with its text from the first render, and then with its form", async () => {
    renderWithProviders(<LazyEmailSignupCard />);
    const card = screen.getByRole("region", { name: "E-mail notifications" });
    expect(within(card).getByText("Get notified when the queue opens")).toBeTruthy();
    expect(within(card).getByText("When my song is up next")).toBeTruthy();

    expect(await within(card).findByRole("checkbox", { name: "When my song is up next" })).toBeTruthy();
    expect(within(card).getByRole("checkbox", { name: "Queue notifications" })).toHaveProperty("checked", true);
    expect(within(card).getByRole("checkbox", { name: "General updates" })).toHaveProperty("checked", false);
    expect(within(card).getByRole("textbox", { name: "E-mail address" })).toBeTruthy();
    expect(within(card).getByRole("button", { name: "Subscribe" })).toBeTruthy();
    // No placeholder left beside the form: each option is named once.
    expect(within(card).getAllByText("When my song is up next")).toHaveLength(1);
  });

  it("holds the form's place while its code loads with the options' words and nothing to use yet", () => {
    const { container } = renderWithProviders(<EmailSignupFormPlaceholder />);
    for (const label of ["Queue notifications", "When my song is up next", "General updates"]) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.queryByRole("button")).toBeNull();
    expect(container.querySelectorAll(".mantine-Skeleton-root")).toHaveLength(5);
  });
});
