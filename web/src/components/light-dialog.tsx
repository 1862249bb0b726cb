import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from "react";
import { CloseButton } from "@mantine/core";
import classes from "./light-dialog.module.css";

interface LightDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading. */
  title: string;
  children: ReactNode;
}

/** A press on the ::backdrop reaches the <dialog> itself, outside its box (its scrollbar is inside). */
function onBackdrop(event: MouseEvent<HTMLDialogElement>): boolean {
  if (event.target !== event.currentTarget) return false;
  const box = event.currentTarget.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

const TABBABLE = 'a[href], button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Tab wraps around inside the dialog, as in Mantine's modals: a modal <dialog> on its own lets focus
 * leave the page for the browser's toolbar after its last control.
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== "Tab") return;
  const tabbable = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
  const first = tabbable[0];
  const last = tabbable.at(-1);
  if (!first || !last || document.activeElement !== (event.shiftKey ? first : last)) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * A modal dialog without Mantine's Modal, for dialogs on the first load: Modal brings ScrollArea,
 * floating-ui, FocusTrap and react-remove-scroll (about 31 KB gzip) with it. A native <dialog> opened
 * with showModal() gets its first focus, an inert page, Escape, the backdrop and the focus given back
 * on closing from the browser. Escape, the close button and a click on the backdrop call `onClose`;
 * `opened` opens and closes it. Being in the browser's top layer, it shows above any toast, and above
 * any Mantine Modal, which is then out of reach: not for a dialog that opens another.
 */
export function LightDialog({ opened, onClose, title, children }: LightDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedBackdrop = useRef(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (opened && !dialog.open) {
      const root = document.documentElement;
      root.style.setProperty("--light-dialog-scrollbar-gap", `${window.innerWidth - root.clientWidth}px`);
      dialog.showModal();
    }
    if (!opened && dialog.open) dialog.close();
  }, [opened]);

  return (
    <dialog
      ref={ref}
      className={classes.dialog}
      aria-labelledby={titleId}
      onKeyDown={keepTabInside}
      onCancel={(event) => {
        // Escape: the parent closes it through `opened`.
        event.preventDefault();
        onClose();
      }}
      onClose={() => {
        // Closed by the browser itself (a repeated Escape it does not let a page cancel).
        if (opened) onClose();
      }}
      onPointerDown={(event) => {
        pressedBackdrop.current = onBackdrop(event);
      }}
      onClick={(event) => {
        // Both ends on the backdrop: a text selection dragged out of the dialog does not close it.
        if (pressedBackdrop.current && onBackdrop(event)) onClose();
        pressedBackdrop.current = false;
      }}
    >
      <div className={classes.header}>
        <h2 id={titleId} className={classes.title}>
          {title}
        </h2>
        <CloseButton className={classes.close} aria-label="Close" onClick={onClose} />
      </div>
      <div className={classes.body}>{children}</div>
    </dialog>
  );
}
