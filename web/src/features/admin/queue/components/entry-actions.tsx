import { useState } from "react";
import { Button, Group, Tooltip } from "@mantine/core";
import { QUEUE_MESSAGES, type Queuer } from "@common/queue";
import { useEntryAction, type EntryActionRequest } from "../api";
import type { EntryAction } from "../entry-display";
import { PriorityDialog } from "./priority-dialog";
import { RemoveDialog } from "./remove-dialog";

/** Now Playing only takes a file that was scanned clean; links have no scan. */
const playable = (entry: Queuer) => !entry.file_key || entry.file_status === "clean";

/** The actions an entry's list allows: Hold / Release, Move to Now Playing / Move Back, Remove, priority. */
export function EntryActions({ entry }: { entry: Queuer }) {
  const mutation = useEntryAction();
  const [dialog, setDialog] = useState<"remove" | "priority" | null>(null);
  const run = (request: EntryActionRequest) => mutation.mutate(request);
  const busy = (action: EntryAction) => mutation.isPending && mutation.variables?.action === action;
  const simple = (action: "hold" | "release" | "move" | "moveBack") => ({
    loading: busy(action),
    disabled: mutation.isPending && !busy(action),
    onClick: () => run({ action, entry }),
  });
  const canPlay = playable(entry);
  const move = simple("move");

  return (
    <Group gap={6} wrap="wrap">
      {entry.status === "waiting" && (
        <Button size="xs" variant="light" color="yellow" {...simple("hold")}>
          Hold
        </Button>
      )}
      {entry.status === "on_hold" && (
        <Button size="xs" variant="light" color="teal" {...simple("release")}>
          Release
        </Button>
      )}
      {entry.status === "active" ? (
        <Button size="xs" variant="light" {...simple("moveBack")}>
          Move Back
        </Button>
      ) : (
        <Tooltip label={QUEUE_MESSAGES.fileNotClean} disabled={canPlay} withinPortal>
          {/* A disabled button fires no pointer events, so the tooltip listens on a wrapper. */}
          <span>
            <Button size="xs" variant="filled" {...move} disabled={!canPlay || move.disabled}>
              Move to Now Playing
            </Button>
          </span>
        </Tooltip>
      )}
      <Button size="xs" variant="default" onClick={() => setDialog("priority")} loading={busy("priority")} disabled={mutation.isPending && !busy("priority")}>
        Priority
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => setDialog("remove")} loading={busy("remove")} disabled={mutation.isPending && !busy("remove")}>
        Remove
      </Button>
      {dialog === "remove" && <RemoveDialog entry={entry} opened onClose={() => setDialog(null)} onConfirm={(played) => run({ action: "remove", entry, played })} />}
      {dialog === "priority" && (
        <PriorityDialog entry={entry} opened onClose={() => setDialog(null)} onSave={(priority) => run({ action: "priority", entry, priority })} />
      )}
    </Group>
  );
}
