import { useState } from "react";
import { Button, Modal, Stack, Text, Textarea } from "@mantine/core";
import { DECLINE_REASON_MAX_LENGTH, QUEUE_MESSAGES, submitterName, type Entry } from "@common/queue";
import { DialogActions } from "../../../components/dialog-actions";
import { useTextField } from "../../../lib/use-text-field";

interface DeclineDialogProps {
  entry: Entry;
  opened: boolean;
  onClose: () => void;
  onDecline: (reason: string) => void;
}

/** Declining a submission that awaits approval asks for the reason the submitter will read (and get by mail). */
export function DeclineDialog({ entry, opened, onClose, onDecline }: DeclineDialogProps) {
  const reason = useTextField();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    const text = reason.value.trim();
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
        <Textarea label="Reason for the submitter" {...reason.input} maxLength={DECLINE_REASON_MAX_LENGTH} autosize minRows={2} error={problem} data-autofocus />
        <DialogActions onCancel={onClose}>
          <Button color="red" onClick={submit}>
            Decline
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
