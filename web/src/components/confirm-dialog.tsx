import type { ReactNode } from "react";
import { Button, Modal, Stack } from "@mantine/core";
import { DialogActions } from "./dialog-actions";

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** The red button's words: what pressing it does. */
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

/** Asks before something that cannot be undone: Cancel, or the red button that runs it and closes. */
export function ConfirmDialog({ opened, title, confirmLabel, onClose, onConfirm, children }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered radius="lg">
      <Stack>
        {children}
        <DialogActions onCancel={onClose}>
          <Button
            color="red"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
