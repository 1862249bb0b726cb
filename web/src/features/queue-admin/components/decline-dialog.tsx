import { useState } from "react";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { DECLINE_REASON_MAX_LENGTH, QUEUE_MESSAGES, submitterName, type Entry } from "@common/queue";

interface DeclineDialogProps {
  entry: Entry;
  opened: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}

/** Declining a submission that awaits approval asks for the reason the submitter will read (and get by mail). */
export function DeclineDialog({ entry, opened, onClose, onDecline }: DeclineDialogProps) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const text = reason.trim();
    if (!text) return setProblem(QUEUE_MESSAGES.declineReasonRequired);
    onDecline(text);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Decline this submission?" centered radius="lg">
      <Stack>
        <Text>
          <Text span fw={600}>
            {entry.track_title}
          </Text>{" "}
          by {entry.artist_name} ({submitterName(entry)}) leaves the queue. The submitter sees your reason and gets it by e-mail if they take mails.
        </Text>
        <Textarea
          label="Reason for the submitter"
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={DECLINE_REASON_MAX_LENGTH}
          autosize
          minRows={2}
          error={problem}
          data-autofocus
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={submit}>
            Decline
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
