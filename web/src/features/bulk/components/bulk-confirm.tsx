import { Text } from "@mantine/core";
import { BULK_MESSAGES } from "@common/bulk";
import { ConfirmDialog } from "../../../components/confirm-dialog";

interface BulkConfirmProps {
  opened: boolean;
  operationName: string;
  userCount: number;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asked before a destructive operation runs. */
export function BulkConfirm({ opened, operationName, userCount, onClose, onConfirm }: BulkConfirmProps) {
  const users = `${userCount} user${userCount === 1 ? "" : "s"}`;
  return (
    <ConfirmDialog opened={opened} title={`${operationName}?`} confirmLabel={`${operationName} (${users})`} onClose={onClose} onConfirm={onConfirm}>
      <Text>
        {operationName} for {users}. {BULK_MESSAGES.cannotBeUndone}
      </Text>
    </ConfirmDialog>
  );
}
