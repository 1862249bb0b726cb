import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderWithProviders } from "../test/render";
import { LightDialog } from "./light-dialog";

function setup(opened = true) {
  const onClose = vi.fn();
  const showModal = vi.spyOn(HTMLDialogElement.prototype, "showModal");
  const dialog = (isOpen: boolean) => (
    <LightDialog opened={isOpen} onClose={onClose} title="How Does It Work">
      <p>Join the queue</p>
    </LightDialog>
  );
  const view = renderWithProviders(dialog(opened));
  return { user: userEvent.setup({ delay: null }), onClose, showModal, rerender: (isOpen: boolean) => view.rerender(dialog(isOpen)) };
}

describe("the light dialog", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("opens as a modal dialog named by its title", () => {
    const { showModal } = setup();
    const dialog = screen.getByRole("dialog", { name: "How Does It Work" });
    expect(showModal).toHaveBeenCalledOnce();
    expect(dialog.tagName).toBe("DIALOG");
    expect(dialog.textContent).toContain("Join the queue");
  });

  it("calls onClose on Escape and leaves the closing to `opened`", () => {
    const { onClose } = setup();
    const dialog = screen.getByRole("dialog", { name: "How Does It Work" });
    // What the browser does on Escape: a cancelable `cancel` event on the dialog.
    const cancel = new Event("cancel", { cancelable: true });
    fireEvent(dialog, cancel);
    expect(onClose).toHaveBeenCalledOnce();
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.getByRole("dialog", { name: "How Does It Work" })).toBeTruthy();
  });

  it("calls onClose from its Close button", async () => {
    const { user, onClose } = setup();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("calls onClose on a click on the backdrop, not on one inside", async () => {
    const { user, onClose } = setup();
    await user.click(screen.getByText("Join the queue"));
    expect(onClose).not.toHaveBeenCalled();
    // jsdom lays nothing out: the dialog's box is empty, so any point is outside it.
    const dialog = screen.getByRole("dialog", { name: "How Does It Work" });
    fireEvent.pointerDown(dialog, { clientX: 5, clientY: 5 });
    fireEvent.click(dialog, { clientX: 5, clientY: 5 });
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("keeps Tab inside the dialog", async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <button type="button">Behind</button>
        <LightDialog opened onClose={onClose} title="How Does It Work">
          <button type="button">Got it</button>
        </LightDialog>
      </>,
    );
    const user = userEvent.setup({ delay: null });
    const close = screen.getByRole("button", { name: "Close" });
    const gotIt = screen.getByRole("button", { name: "Got it" });
    gotIt.focus();
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(gotIt);
  });

  it("opens and closes with `opened`", () => {
    const { onClose, showModal, rerender } = setup(false);
    expect(screen.queryByRole("dialog")).toBeNull();
    rerender(true);
    expect(showModal).toHaveBeenCalledOnce();
    expect(screen.getByRole("dialog", { name: "How Does It Work" })).toBeTruthy();
    rerender(false);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});
