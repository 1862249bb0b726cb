import { useState } from "react";
import { Button, Divider, Paper, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { CLEAR_CONFIRMATIONS, SET_TIMEOUT_RELOAD_MS } from "@common/admin";
import { LIST_LABELS } from "@common/entry-status";
import { errorMessage } from "@common/error-catalogue";
import type { QueueType } from "@common/queue";
import { toastError, toastSuccess } from "../../../components/toast";
import { adminSettingsQuery, DateHelper, InactivityTimeoutForm } from "../../settings";
import { useClearQueue } from "../api";
import { TwoStepConfirm } from "./two-step-confirm";

/** What each button empties, said beside it: 'Clear Entire Queue' (the spec's name) empties Now Playing only, unlike the scheduler's clear_queue. */
const CLEARS: { type: QueueType; label: string; what: string; empties: string }[] = [
  { type: "active", label: "Clear Entire Queue", what: LIST_LABELS.active, empties: "Empties Now Playing only; Waiting and On Hold stay." },
  { type: "waiting", label: "Clear Waiting", what: LIST_LABELS.waiting, empties: "Empties Waiting." },
  { type: "on_hold", label: "Clear On-Hold", what: LIST_LABELS.on_hold, empties: "Empties On Hold." },
];

function ClearButton({ type, label, what, empties, empty }: (typeof CLEARS)[number] & { empty: boolean }) {
  const [asking, setAsking] = useState(false);
  const clear = useClearQueue(type);
  const run = () =>
    clear.mutate(undefined, {
      onSuccess: (answer) => toastSuccess(`${what}: ${answer.removed_count} removed.`),
      onError: (error) => toastError(errorMessage(error), `Could not clear ${what}`),
    });
  return (
    <>
      <Stack gap={2}>
        <Button color="red" variant="light" fullWidth onClick={() => setAsking(true)} disabled={clear.isPending || empty} aria-describedby={`clear-${type}-note`}>
          {clear.isPending ? "clearing..." : label}
        </Button>
        <Text id={`clear-${type}-note`} size="xs" c="dimmed">
          {empties}
        </Text>
      </Stack>
      <TwoStepConfirm questions={CLEAR_CONFIRMATIONS[type]} opened={asking} onClose={() => setAsking(false)} onConfirm={run} confirmLabel={label} />
    </>
  );
}

/**
 * The clearing tools, the inactivity timeout and the next stream start in Eastern and local time. A
 * list with nothing in it cannot be cleared; with every list empty the clearing tools step aside.
 */
export function ClearPanel({ counts }: { counts?: Record<QueueType, number> }) {
  const settings = useQuery(adminSettingsQuery());
  const allEmpty = counts !== undefined && Object.values(counts).every((count) => count === 0);
  return (
    <Paper radius="lg" p="md" withBorder component="section" aria-label="Queue tools">
      <Stack gap="sm">
        <Text fw={700} size="lg">
          Queue tools
        </Text>
        {allEmpty ? (
          <Text size="sm" c="dimmed">
            Every list is empty: nothing to clear.
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              Clearing removes every entry of a list and cannot be undone.
            </Text>
            {CLEARS.map((clear) => (
              <ClearButton key={clear.type} {...clear} empty={counts?.[clear.type] === 0} />
            ))}
          </>
        )}
        <Divider my="xs" />
        {settings.isSuccess && (
          <InactivityTimeoutForm
            current={settings.data.inactivityTimeoutMinutes}
            buttonLabel="Set Timeout"
            onSaved={() => setTimeout(() => window.location.reload(), SET_TIMEOUT_RELOAD_MS)}
          />
        )}
        <Divider my="xs" />
        <DateHelper label="Next stream" iso={settings.data?.nextStreamStartAt ?? null} />
      </Stack>
    </Paper>
  );
}
