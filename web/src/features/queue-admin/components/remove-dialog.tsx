import { useState } from "react";
import { Button, Checkbox, Group, Modal, Stack, Text } from "@mantine/core";
import { submitterName, type Queuer } from "@common/queue";

interface RemoveDialogProps {
  entry: Queuer;
  opened: boolean;
  onClose: () => void;
  /** `played` is asked only for a Now Playing entry. */
  onConfirm: (played: boolean) => void;
}

/** Remove asks first; from Now Playing it also asks whether the song counts as played (checked by default). */
export function RemoveDialog({ entry, opened, onClose, onConfirm }: RemoveDialogProps) {
  const [played, setPlayed] = useState(true);
  const active = entry.status === "active";
  return (
    <Modal opened={opened} onClose={onClose} title="Remove from the queue?" centered radius="lg">
      <Stack>
        <Text>
          <Text span fw={600}>
            {entry.track_title}
          </Text>{" "}
          by {entry.artist_name} ({submitterName(entry)}) leaves the queue.
        </Text>
        {active && (
          <Checkbox
            checked={played}
            onChange={(event) => setPlayed(event.currentTarget.checked)}
            label="Mark as played"
            description="Logs the song as played in the analytics and tells the submitter. Untick to remove it without counting it."
          />
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            onClick={() => {
              onConfirm(active && played);
              onClose();
            }}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
