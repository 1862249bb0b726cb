import type { ReactNode } from "react";
import { Button, Group, Modal, Stack } from "@mantine/core";

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
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              onConfirm();
              onClose();
            }}
          >
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
