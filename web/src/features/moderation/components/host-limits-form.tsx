import { Button, Group, NumberInput, Paper, Stack, Text, Textarea, Title } from "@mantine/core";
import { useSuspenseQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { BLOCKED_WORDS_MAX_LENGTH, MAX_SONG_SECONDS_MAX, SUBMISSIONS_PER_STREAM_MAX } from "@common/host-limits";
import { toastSuccess } from "../../../components/toast";
import { type HostLimits, hostLimitsQuery, useSaveHostLimits } from "../api";
import { banErrorText } from "../ban-error";
import { useTextField } from "../../../lib/use-text-field";

const toNumber = (value: string | number) => (typeof value === "number" ? value : Number(value) || 0);

/**
 * The host's limits: songs per person per stream (since the queue last opened), the longest upload
 * (judged on its scanned length) and the words titles and notes may not contain. 0 or empty is no limit.
 */
export function HostLimitsForm() {
  const { data } = useSuspenseQuery(hostLimitsQuery());
  const save = useSaveHostLimits();
  const savedSeconds = Number(data.maxSongSeconds) || 0;
  const [perStream, setPerStream] = useState<string | number>(Number(data.submissionsPerStream) || 0);
  const [minutes, setMinutes] = useState<string | number>(Math.floor(savedSeconds / 60));
  const [seconds, setSeconds] = useState<string | number>(savedSeconds % 60);
  const words = useTextField(data.blockedWords);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const next: HostLimits = {
      submissionsPerStream: String(toNumber(perStream)),
      maxSongSeconds: String(toNumber(minutes) * 60 + toNumber(seconds)),
      blockedWords: words.value,
    };
    const changes = Object.fromEntries(Object.entries(next).filter(([name, state]) => state !== data[name as keyof HostLimits]));
    save.mutate(changes, {
      onSuccess: () => toastSuccess("Limits saved."),
      onError: (failure) => setError(banErrorText(failure)),
    });
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} noValidate aria-label="Limits">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Limits
          </Title>
          <Text size="sm" c="dimmed">
            Checked on every submission, beside the bans. 0 or an empty list means no limit.
          </Text>
          <NumberInput
            label="Songs per person per stream"
            description="Counted since the queue last opened, by account, guest and channel username. Your own adds don't count."
            min={0}
            max={SUBMISSIONS_PER_STREAM_MAX}
            allowDecimal={false}
            allowNegative={false}
            value={perStream}
            onChange={setPerStream}
          />
          <Group align="flex-end" gap="xs">
            <NumberInput
              label="Longest upload"
              description="From the file's scanned length; a longer file is refused, or leaves the queue when its scan ends."
              rightSection={<Text size="xs">min</Text>}
              min={0}
              max={Math.floor(MAX_SONG_SECONDS_MAX / 60)}
              allowDecimal={false}
              allowNegative={false}
              value={minutes}
              onChange={setMinutes}
              w={220}
            />
            <NumberInput
              aria-label="Longest upload, seconds"
              rightSection={<Text size="xs">s</Text>}
              min={0}
              max={59}
              allowDecimal={false}
              allowNegative={false}
              value={seconds}
              onChange={setSeconds}
              w={90}
            />
          </Group>
          <Textarea
            label="Words not allowed"
            description="One word or phrase a line (or separated by commas). Matched as whole words, in any case, in artist names, titles and notes. Only admins see this list."
            {...words.input}
            maxLength={BLOCKED_WORDS_MAX_LENGTH}
            autosize
            minRows={3}
            error={error}
          />
          <Button type="submit" loading={save.isPending} style={{ alignSelf: "flex-start" }}>
            Save limits
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
