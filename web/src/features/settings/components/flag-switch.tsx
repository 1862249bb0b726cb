import { Group, Stack, Switch, Text } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { toastError } from "../../../components/toast";
import { useSaveSetting } from "../api";

export interface FlagSwitchProps {
  name: "isQueueOn" | "isSubmissionsOpen" | "approvalFirst";
  isOn: boolean;
  /** "Queue open" / "Queue closed": the state it is in, as the label reads. */
  label: (on: boolean) => string;
  /** A sentence under the label; left out in the compact form. */
  description?: (on: boolean) => string;
  /** Screen-reader name of the switch, the same in both states. */
  ariaLabel: string;
  failure: string;
}

/** An on/off setting that takes effect at once (everyone sees the change live); shows the pending state while saving. */
export function FlagSwitch({ name, isOn, label, description, ariaLabel, failure }: FlagSwitchProps) {
  const save = useSaveSetting();
  const pendingState = save.isPending && save.variables?.name === name ? save.variables.state === "true" : null;
  const checked = pendingState ?? isOn;
  const toggle = (on: boolean) => save.mutate({ name, state: String(on) }, { onError: (error) => toastError(errorMessage(error), failure) });
  const control = (
    <Switch size={description ? "lg" : "md"} checked={checked} disabled={save.isPending} aria-label={ariaLabel} onChange={(event) => toggle(event.currentTarget.checked)} />
  );
  if (!description) {
    return (
      <Group gap={8} wrap="nowrap">
        {control}
        <Text size="sm" fw={600} c={checked ? undefined : "dimmed"}>
          {label(checked)}
        </Text>
      </Group>
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={2}>
        <Text fw={600}>{label(checked)}</Text>
        <Text size="sm" c="dimmed">
          {description(checked)}
        </Text>
      </Stack>
      {control}
    </Group>
  );
}

/** The queue open/closed switch. */
export const queueFlag = {
  name: "isQueueOn",
  label: (on: boolean) => `Queue ${on ? "open" : "closed"}`,
  description: (on: boolean) => (on ? "Viewers can submit songs now." : "Submissions are refused until you open the queue."),
  ariaLabel: "Queue open",
  failure: "Could not change the queue",
} as const;

/** The submissions open/paused switch: with the queue open, paused submissions make the queue "busy". */
export const submissionsFlag = {
  name: "isSubmissionsOpen",
  label: (on: boolean) => `Submissions ${on ? "open" : "paused"}`,
  description: (on: boolean) => (on ? "New songs are accepted while the queue is open." : "The queue stays visible, but new songs wait until you reopen."),
  ariaLabel: "Submissions open",
  failure: "Could not change submissions",
} as const;

/** Approval first: new submissions wait On Hold ("awaiting approval") until the host approves them. */
export const approvalFlag = {
  name: "approvalFirst",
  label: (on: boolean) => `Approval first ${on ? "on" : "off"}`,
  description: (on: boolean) => (on ? "New submissions wait On Hold until you approve or decline them (with a reason)." : "New submissions go straight into Waiting."),
  ariaLabel: "Approval first",
  failure: "Could not change approval first",
} as const;
