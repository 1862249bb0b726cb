import { useState } from "react";
import { Button, Group, NumberInput, Stack } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { INACTIVITY_TIMEOUT_DEFAULT, INACTIVITY_TIMEOUT_MAX, INACTIVITY_TIMEOUT_MIN } from "@common/limits";
import { MESSAGES } from "@common/messages";
import { toastSuccess } from "../../../components/toast";
import { useSaveSetting } from "../api";

/** Whole minutes within the shared inactivity-timeout limits. */
export function isValidTimeout(value: string | number): boolean {
  const minutes = typeof value === "number" ? value : value.trim() === "" ? NaN : Number(value);
  return Number.isInteger(minutes) && minutes >= INACTIVITY_TIMEOUT_MIN && minutes <= INACTIVITY_TIMEOUT_MAX;
}

interface InactivityTimeoutFormProps {
  current: string | null | undefined;
  buttonLabel: string;
  onSaved?: () => void;
}

/** How long a waiting submitter may show no sign of life before the server puts the entry on hold. */
export function InactivityTimeoutForm({ current, buttonLabel, onSaved }: InactivityTimeoutFormProps) {
  const [value, setValue] = useState<string | number>(current ?? INACTIVITY_TIMEOUT_DEFAULT);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSetting();
  const submit = () => {
    if (!isValidTimeout(value)) return setProblem(MESSAGES.inactivityTimeoutRange);
    setProblem(null);
    const minutes = Number(value);
    save.mutate(
      { name: "inactivityTimeoutMinutes", state: String(minutes) },
      {
        onSuccess: () => {
          toastSuccess(`Inactive submitters are put on hold after ${minutes} minutes.`);
          onSaved?.();
        },
        onError: (error) => setProblem(errorMessage(error)),
      },
    );
  };
  return (
    <Stack gap="xs">
      <NumberInput
        label="Inactivity timeout (minutes)"
        description={`${INACTIVITY_TIMEOUT_MIN} to ${INACTIVITY_TIMEOUT_MAX} (${INACTIVITY_TIMEOUT_MAX / 60} hours)`}
        value={value}
        onChange={setValue}
        min={INACTIVITY_TIMEOUT_MIN}
        max={INACTIVITY_TIMEOUT_MAX}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        error={problem}
      />
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          {buttonLabel}
        </Button>
      </Group>
    </Stack>
  );
}
