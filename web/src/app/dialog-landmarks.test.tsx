import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import axe from "axe-core";
import { Drawer, MantineProvider, Modal } from "@mantine/core";
import { theme } from "./providers";

describe("dialogs and the page's landmarks", () => {
  it("adds no second banner while a modal or a drawer is open", async () => {
    render(
      <MantineProvider theme={theme}>
        <header>LiveQueue</header>
        <main>Page</main>
        <Modal opened onClose={() => {}} title="Join the queue">
          Before you join
        </Modal>
        <Drawer opened onClose={() => {}} title="Back-office">
          Pages
        </Drawer>
      </MantineProvider>,
    );
    await screen.findByRole("dialog", { name: "Join the queue" });
    const results = await axe.run(document.body, { runOnly: { type: "rule", values: ["landmark-no-duplicate-banner", "landmark-banner-is-top-level"] } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
