import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { BULK_MESSAGES } from "@common/bulk";

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
    <Modal opened={opened} onClose={onClose} title={`${operationName}?`} centered radius="lg">
      <Stack>
        <Text>
          {operationName} for {users}. {BULK_MESSAGES.cannotBeUndone}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {operationName} ({users})
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
