import { useState, type FormEvent } from "react";
import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { ANALYTICS_MESSAGES, SESSION_NAME_MAX_LENGTH } from "@common/analytics";
import { useStartSession } from "../api";

/** "2026-11-22T19:05" in the browser's time zone: what a datetime-local field holds. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** No session is live: name one and start it (at now, or at the time the show really began). */
export function StartSessionForm() {
  const start = useStartSession();
  const [name, setName] = useState("");
  const [startedAt, setStartedAt] = useState(() => localInputValue(new Date()));
  const [nameError, setNameError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(ANALYTICS_MESSAGES.nameRequired);
      return;
    }
    const at = startedAt ? new Date(startedAt) : new Date();
    start.mutate({ name: name.trim(), started_at: (Number.isNaN(at.getTime()) ? new Date() : at).toISOString() }, { onSuccess: () => setName("") });
  };

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} noValidate aria-label="Start a session">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={3} size="h4">
            Start a session
          </Title>
          <Text size="sm" c="dimmed">
            No session is live. While one is, every song removed from Now Playing as played is counted in it.
          </Text>
        </Stack>
        <Group align="flex-start" gap="sm" grow preventGrowOverflow={false} wrap="wrap">
          <TextInput
            label="Session name"
            placeholder="Friday night show"
            value={name}
            maxLength={SESSION_NAME_MAX_LENGTH}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setNameError(null);
            }}
            error={nameError}
            style={{ minWidth: 200 }}
          />
          <TextInput label="Started at" type="datetime-local" value={startedAt} onChange={(event) => setStartedAt(event.currentTarget.value)} style={{ minWidth: 200 }} />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={start.isPending}>
            Start session
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
