import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../test/render";
import { ConfirmDialog } from "./confirm-dialog";

function setup() {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  renderWithProviders(
    <ConfirmDialog opened title="Clear the played list?" confirmLabel="Clear played list" onClose={onClose} onConfirm={onConfirm}>
      This empties the list.
    </ConfirmDialog>,
  );
  return { user: userEvent.setup({ delay: null }), onClose, onConfirm };
}

describe("the confirm dialog", () => {
  it("runs nothing on Cancel", async () => {
    const { user, onClose, onConfirm } = setup();
    expect(screen.getByRole("dialog", { name: "Clear the played list?" }).textContent).toContain("This empties the list.");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("runs the action once and closes on the red button", async () => {
    const { user, onClose, onConfirm } = setup();
    await user.click(screen.getByRole("button", { name: "Clear played list" }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
  });
});
