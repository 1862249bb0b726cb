import { useState } from "react";
import { Box, Button, Group, Menu, Tooltip } from "@mantine/core";
import { QUEUE_MESSAGES, type Entry } from "@common/queue";
import { ChevronIcon } from "../../../components/icons";
import { useEntryAction, type EntryActionRequest } from "../api";
import { playable, type EntryAction } from "../entry-display";
import { PriorityDialog } from "./priority-dialog";
import { RemoveDialog } from "./remove-dialog";
import { DeclineDialog } from "./decline-dialog";

type SimpleAction = "hold" | "release" | "move" | "moveBack";

/** The state both forms of the actions share: one request at a time, and the Remove and Priority dialogs. */
function useEntryActions(entry: Entry) {
  const mutation = useEntryAction();
  const [dialog, setDialog] = useState<"remove" | "priority" | "decline" | null>(null);
  const run = (request: EntryActionRequest) => mutation.mutate(request);
  const busy = (action: EntryAction) => mutation.isPending && mutation.variables?.action === action;
  const blocked = (action: EntryAction) => mutation.isPending && !busy(action);
  const dialogs = (
    <>
      {dialog === "remove" && <RemoveDialog entry={entry} opened onClose={() => setDialog(null)} onConfirm={(played) => run({ action: "remove", entry, played })} />}
      {dialog === "decline" && <DeclineDialog entry={entry} opened onClose={() => setDialog(null)} onDecline={(reason) => run({ action: "decline", entry, reason })} />}
      {dialog === "priority" && <PriorityDialog entry={entry} opened onClose={() => setDialog(null)} onSave={(priority) => run({ action: "priority", entry, priority })} />}
    </>
  );
  return { run: (action: SimpleAction) => run({ action, entry }), busy, blocked, open: setDialog, dialogs, pending: mutation.isPending };
}

/** The actions an entry's list allows: Hold / Release (Approve / Decline while it awaits approval), Move to Now Playing / Move Back, Remove, priority. */
export function EntryActions({ entry }: { entry: Entry }) {
  const { run, busy, blocked, open, dialogs } = useEntryActions(entry);
  const simple = (action: SimpleAction) => ({ loading: busy(action), disabled: blocked(action), onClick: () => run(action) });
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
          {entry.awaiting_approval ? "Approve" : "Release"}
        </Button>
      )}
      {entry.awaiting_approval && (
        <Button size="xs" variant="light" color="red" onClick={() => open("decline")} loading={busy("decline")} disabled={blocked("decline")}>
          Decline
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
      <Button size="xs" variant="default" onClick={() => open("priority")} loading={busy("priority")} disabled={blocked("priority")}>
        Priority
      </Button>
      <Button size="xs" variant="subtle" color="red" onClick={() => open("remove")} loading={busy("remove")} disabled={blocked("remove")}>
        Remove
      </Button>
      {dialogs}
    </Group>
  );
}

/** The same actions in one menu, for the compact row. */
export function EntryActionsMenu({ entry }: { entry: Entry }) {
  const { run, open, dialogs, pending } = useEntryActions(entry);
  const canPlay = playable(entry);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="default" loading={pending} rightSection={<ChevronIcon open={false} size={12} />} aria-label={`Actions for ${entry.track_title}`}>
            {/* On a phone the chevron alone keeps the row within the screen; the name stays on the button. */}
            <Box component="span" visibleFrom="xs">
              Actions
            </Box>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {entry.status === "waiting" && <Menu.Item onClick={() => run("hold")}>Hold</Menu.Item>}
          {entry.status === "on_hold" && <Menu.Item onClick={() => run("release")}>{entry.awaiting_approval ? "Approve" : "Release"}</Menu.Item>}
          {entry.awaiting_approval && (
            <Menu.Item color="red" onClick={() => open("decline")}>
              Decline
            </Menu.Item>
          )}
          {entry.status === "active" ? (
            <Menu.Item onClick={() => run("moveBack")}>Move Back</Menu.Item>
          ) : (
            <Menu.Item onClick={() => run("move")} disabled={!canPlay} title={canPlay ? undefined : QUEUE_MESSAGES.fileNotClean}>
              Move to Now Playing
            </Menu.Item>
          )}
          <Menu.Item onClick={() => open("priority")}>Priority</Menu.Item>
          <Menu.Item color="red" onClick={() => open("remove")}>
            Remove
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {dialogs}
    </>
  );
}
