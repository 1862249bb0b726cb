import { useState } from "react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { ADMIN_MESSAGES } from "@common/admin";
import { isApiError } from "../../../lib/api-client";
import { toastSuccess } from "../../../components/toast";
import { useClearSetting, useSaveSetting } from "../api";
import { easternInputToUtc, utcToEasternInput } from "../eastern-time";
import { DateHelper } from "./date-helper";

/** 'Failed to set time' (or clear), then the server's sentence when it gave one. */
function failure(base: string, error: unknown): string {
  const detail = isApiError(error) ? (error.network ? error.message : error.detailText) : null;
  return detail ? `${base}: ${detail}` : base;
}

/** The countdown's target: typed in US Eastern time, stored in UTC with daylight saving applied. */
export function NextStreamForm({ current }: { current: string | null }) {
  const [value, setValue] = useState(() => utcToEasternInput(current));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSetting();
  const clear = useClearSetting();

  const submit = () => {
    const utc = easternInputToUtc(value);
    if (!utc) return setProblem(`${ADMIN_MESSAGES.setTimeFailed}: enter a date and time`);
    setProblem(null);
    save.mutate(
      { name: "nextStreamStartAt", state: utc },
      { onSuccess: () => toastSuccess("Next stream time saved."), onError: (error) => setProblem(failure(ADMIN_MESSAGES.setTimeFailed, error)) },
    );
  };
  const reset = () => {
    setProblem(null);
    clear.mutate("nextStreamStartAt", {
      onSuccess: () => {
        setValue("");
        toastSuccess("Next stream time cleared.");
      },
      onError: (error) => setProblem(failure(ADMIN_MESSAGES.clearTimeFailed, error)),
    });
  };

  return (
    <Stack gap="xs">
      <TextInput
        label="Next stream start (US Eastern time)"
        description="Shown as a countdown on the home page while the queue is closed"
        type="datetime-local"
        value={value}
        onChange={(event) => setValue(event.currentTarget.value)}
        error={problem}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={reset} loading={clear.isPending} disabled={!current || save.isPending}>
          Clear time
        </Button>
        <Button onClick={submit} loading={save.isPending} disabled={clear.isPending}>
          Set time
        </Button>
      </Group>
      <DateHelper label="Currently saved" iso={current} />
    </Stack>
  );
}
