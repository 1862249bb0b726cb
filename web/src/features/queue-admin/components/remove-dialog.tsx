import { useState } from "react";
import { Checkbox, Text } from "@mantine/core";
import { submitterName, type Entry } from "@common/queue";
import { ConfirmDialog } from "../../../components/confirm-dialog";

interface RemoveDialogProps {
  entry: Entry;
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
    <ConfirmDialog opened={opened} title="Remove from the queue?" confirmLabel="Remove" onClose={onClose} onConfirm={() => onConfirm(active && played)}>
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
    </ConfirmDialog>
  );
}
