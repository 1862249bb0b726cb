import { Group, Stack, Switch, Text } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { toastError } from "../../../../components/toast";
import { useSaveSetting } from "../api";

/** Opens or closes the queue at once; everyone sees the change live. */
export function QueueSwitch({ isOn }: { isOn: boolean }) {
  const save = useSaveSetting();
  const pendingState = save.isPending ? save.variables?.state === "true" : null;
  const checked = pendingState ?? isOn;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2}>
        <Text fw={600}>Queue {checked ? "open" : "closed"}</Text>
        <Text size="sm" c="dimmed">
          {checked ? "Viewers can submit songs now." : "Submissions are refused until you open the queue."}
        </Text>
      </Stack>
      <Switch
        size="lg"
        checked={checked}
        disabled={save.isPending}
        aria-label="Queue open"
        onChange={(event) =>
          save.mutate(
            { name: "isQueueOn", state: String(event.currentTarget.checked) },
            { onError: (error) => toastError(errorMessage(error), "Could not change the queue") },
          )
        }
      />
    </Group>
  );
}
