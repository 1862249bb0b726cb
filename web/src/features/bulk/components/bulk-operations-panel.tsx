import { useMemo, useState } from "react";
import { Alert, Button, Grid, Group, Paper, Radio, Select, Stack, Text, Textarea } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BULK_MESSAGES, BULK_REASON_MAX_LENGTH, BULK_TARGET_QUEUES, BULK_TARGET_STATUS, isDestructive, type BulkOperationResult, type BulkTargetQueue } from "@common/bulk";
import { LIST_LABELS } from "@common/entry-status";
import { errorMessage } from "@common/error-catalogue";
import { toastError, toastSuccess } from "../../../components/toast";
import { useLiveMessage } from "../../live";
import { bulkKeys, bulkNotPlayingQuery, bulkPlayingQuery, bulkTypesQuery, useBulkOperation } from "../api";
import { bulkFormError, toBulkRequest, userLabel } from "../bulk-form";
import { BulkConfirm } from "./bulk-confirm";
import { BulkResult } from "./bulk-result";
import { UserPicker } from "./user-picker";
import { useTextField } from "../../../lib/use-text-field";

interface LastRun {
  operationName: string;
  result: BulkOperationResult;
  labels: Map<string, string>;
}

/** The bulk-operations screen: an operation, users picked from the live lists, a target queue and a reason. */
export function BulkOperationsPanel() {
  const client = useQueryClient();
  const types = useQuery(bulkTypesQuery());
  const notPlaying = useQuery(bulkNotPlayingQuery());
  const playing = useQuery(bulkPlayingQuery());
  useLiveMessage("queue_update", () => void client.invalidateQueries({ queryKey: bulkKeys.lists }));
  const bulk = useBulkOperation();

  const [operation, setOperation] = useState<string | null>(null);
  const [targetQueue, setTargetQueue] = useState<BulkTargetQueue>("waiting");
  const reason = useTextField();
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [confirming, setConfirming] = useState(false);
  const [lastRun, setLastRun] = useState<LastRun | null>(null);

  const present = useMemo(() => new Map([...(notPlaying.data ?? []), ...(playing.data ?? [])].map((entry) => [entry.user_id, entry])), [notPlaying.data, playing.data]);
  // Someone who left the queue since they were ticked is no longer sent.
  const userIds = [...selected].filter((id) => present.has(id));
  const type = types.data?.find((candidate) => candidate.operation === operation);
  const destructive = type ? isDestructive(type) : false;
  const operationName = type?.name ?? operation ?? "";

  function run() {
    const labels = new Map(userIds.map((id) => [id, userLabel(present.get(id)!)]));
    bulk.mutate(toBulkRequest({ operation, userIds, targetQueue, reason: reason.value }), {
      onSuccess: (result) => {
        setLastRun({ operationName, result, labels });
        setSelected(new Set());
        reason.setValue("");
        toastSuccess(`${result.success_count} succeeded, ${result.failed_count} failed`, operationName);
      },
      onError: (error) => toastError(`${BULK_MESSAGES.failed} ${errorMessage(error)}`),
    });
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const invalid = bulkFormError({ operation, userIds });
    if (invalid) return toastError(invalid);
    if (destructive) return setConfirming(true);
    run();
  }

  const lists = [
    { title: LIST_LABELS.waiting, entries: notPlaying.data?.filter((entry) => entry.status === "waiting"), error: notPlaying.error },
    { title: LIST_LABELS.on_hold, entries: notPlaying.data?.filter((entry) => entry.status === "on_hold"), error: notPlaying.error },
    { title: LIST_LABELS.active, entries: playing.data, error: playing.error },
  ];

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md" style={{ position: "sticky", top: 16 }}>
          <Paper component="form" onSubmit={submit} noValidate withBorder radius="lg" p="lg" aria-label="Bulk operation">
            <Stack gap="md">
              {types.isError && (
                <Alert color="red" variant="light" title="Could not load the operations">
                  {errorMessage(types.error)}
                </Alert>
              )}
              <Select
                label="Operation"
                placeholder={types.isPending ? "Loading…" : "Choose an operation"}
                data={(types.data ?? []).map((candidate) => ({ value: candidate.operation, label: candidate.name }))}
                value={operation}
                onChange={setOperation}
                description={type?.description}
                inputWrapperOrder={["label", "input", "description", "error"]}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
              />
              {destructive && (
                <Alert color="red" variant="light" title="Destructive operation">
                  {BULK_MESSAGES.cannotBeUndone}
                </Alert>
              )}
              <Radio.Group
                label="Target queue"
                description={type && !type.uses_target_queue ? `${type.name} does not move users: the target is not used.` : "Where moved users go."}
                value={targetQueue}
                onChange={(value) => setTargetQueue(value as BulkTargetQueue)}
              >
                <Group gap="sm" mt={6}>
                  {BULK_TARGET_QUEUES.map((target) => (
                    <Radio key={target} value={target} label={LIST_LABELS[BULK_TARGET_STATUS[target]]} disabled={type !== undefined && !type.uses_target_queue} />
                  ))}
                </Group>
              </Radio.Group>
              <Textarea label="Reason (optional)" placeholder="Why, for the record" {...reason.input} maxLength={BULK_REASON_MAX_LENGTH} autosize minRows={2} maxRows={5} />
              <Group justify="space-between" gap="xs">
                <Text size="sm" aria-live="polite">
                  {`${userIds.length} user${userIds.length === 1 ? "" : "s"} selected`}
                </Text>
                {userIds.length > 0 && (
                  <Button variant="subtle" size="compact-sm" onClick={() => setSelected(new Set())}>
                    Clear selection
                  </Button>
                )}
              </Group>
              <Button type="submit" color={destructive ? "red" : undefined} loading={bulk.isPending}>
                Run operation
              </Button>
            </Stack>
          </Paper>
          {lastRun && <BulkResult operationName={lastRun.operationName} result={lastRun.result} labelOf={(id) => lastRun.labels.get(id) ?? id} />}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="xs">
          <UserPicker lists={lists} selected={selected} onChange={setSelected} />
          <Text size="xs" c="dimmed" ta="center">
            Lists refresh every 10 s and on every live update.
          </Text>
        </Stack>
      </Grid.Col>
      <BulkConfirm opened={confirming} operationName={operationName} userCount={userIds.length} onClose={() => setConfirming(false)} onConfirm={run} />
    </Grid>
  );
}
