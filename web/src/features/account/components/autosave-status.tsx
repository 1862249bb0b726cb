import { Text } from "@mantine/core";
import { ACCOUNT_MESSAGES } from "@common/account";
import type { AutosaveState } from "../use-autosave";

/** 'Saving…', 'Settings saved' (for 4 s) or the failure, under an autosaved form. */
export function AutosaveStatus({ state }: { state: AutosaveState }) {
  if (state.status === "saving")
    return (
      <Text size="sm" c="dimmed">
        Saving…
      </Text>
    );
  if (state.status === "saved")
    return (
      <Text size="sm" c="teal.4" role="status">
        {ACCOUNT_MESSAGES.settingsSaved}
      </Text>
    );
  if (state.status === "error")
    return (
      <Text size="sm" c="red.4" role="alert">
        {state.error ?? ACCOUNT_MESSAGES.settingsFailed}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      Changes save automatically.
    </Text>
  );
}
