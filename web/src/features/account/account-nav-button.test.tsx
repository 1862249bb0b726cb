import { beforeEach, describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import axe from "axe-core";
import { setSessionTokens } from "../../lib/storage";
import { renderWithProviders } from "../../test/render";
import { useAccountSlot } from "../../components/account-slot";
import { AccountProvider } from "./account-provider";

function NavButton() {
  const { NavButton: Button } = useAccountSlot();
  return <Button />;
}

beforeEach(() => {
  localStorage.clear();
  setSessionTokens("user", { access_token: "a", refresh_token: "r" }, { user_id: "u1", username: "night_owl", display_name: "Night Owl" });
});

describe("the account button of the nav bar", () => {
  it("is named by the words it shows (axe: label-content-name-mismatch)", async () => {
    renderWithProviders(
      <AccountProvider renderCommunityHub={() => null}>
        <NavButton />
      </AccountProvider>,
    );
    const button = screen.getByRole("button", { name: "Your account (@night_owl)" });
    // The rule's test, which axe cannot run without a layout: the words shown are part of the name.
    const words = (text: string) =>
      text
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim();
    expect(button.textContent).toBe("night_owl");
    expect(words(button.getAttribute("aria-label")!)).toContain(words(button.textContent!));
    const results = await axe.run(document.body, { runOnly: { type: "rule", values: ["label-content-name-mismatch"] } });
    expect(results.violations.flatMap((violation) => violation.nodes.map((node) => node.html))).toEqual([]);
  });
});
