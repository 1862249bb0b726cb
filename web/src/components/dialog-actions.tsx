import type { ReactNode } from "react";
import { Button, Group } from "@mantine/core";

interface DialogActionsProps {
  onCancel: () => void;
  /** The dialog's own button or buttons, after Cancel. */
  children: ReactNode;
}

/** A dialog's footer, on the right: Cancel, then what the dialog is for. */
export function DialogActions({ onCancel, children }: DialogActionsProps) {
  return (
    <Group justify="flex-end" gap="xs">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      {children}
    </Group>
  );
}
