import { useState } from "react";
import { Button, Group, NumberInput, Radio, Stack, Text } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { formatSkipVoteThreshold, parseSkipVoteThreshold, SKIP_VOTE_COUNT_MAX, SKIP_VOTE_MESSAGES, type SkipVoteThreshold } from "@common/skip-votes";
import { toastSuccess } from "../../../components/toast";
import { useSaveSetting } from "../api";

type Kind = SkipVoteThreshold["kind"];

const SAVED: Record<Kind, (amount: number) => string> = {
  off: () => "Skip votes are off.",
  count: (votes) => `${votes} ${votes === 1 ? "vote skips" : "votes skip"} the song playing.`,
  share: (percent) => `${percent}% of the viewers connected skip the song playing.`,
};

/** The host's skip-vote threshold: off, a number of votes, or a share of the viewers connected to the live page. */
export function SkipVoteThresholdForm({ current }: { current: string | null | undefined }) {
  const initial = parseSkipVoteThreshold(current);
  const [kind, setKind] = useState<Kind>(initial.kind);
  const [count, setCount] = useState<string | number>(initial.kind === "count" ? initial.votes : 3);
  const [percent, setPercent] = useState<string | number>(initial.kind === "share" ? initial.percent : 50);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSetting();

  const submit = () => {
    const amount = Number(kind === "count" ? count : percent);
    const threshold: SkipVoteThreshold = kind === "count" ? { kind, votes: amount } : kind === "share" ? { kind, percent: amount } : { kind };
    const state = formatSkipVoteThreshold(threshold);
    if (kind !== "off" && (!Number.isInteger(amount) || parseSkipVoteThreshold(state).kind === "off")) return setProblem(SKIP_VOTE_MESSAGES.thresholdInvalid);
    setProblem(null);
    save.mutate({ name: "skipVoteThreshold", state }, { onSuccess: () => toastSuccess(SAVED[kind](amount)), onError: (error) => setProblem(errorMessage(error)) });
  };

  return (
    <Stack gap="xs">
      <Text fw={600}>Votes to skip</Text>
      <Text size="sm" c="dimmed">
        Signed-in viewers (and chat, with !skip) vote to skip the song playing; reaching the threshold plays the next song.
      </Text>
      <Radio.Group label="Threshold" value={kind} onChange={(value) => setKind(value as Kind)}>
        <Group gap="lg" wrap="wrap">
          <Radio value="off" label="Off" />
          <Radio value="count" label="Number of votes" />
          <Radio value="share" label="Share of viewers" />
        </Group>
      </Radio.Group>
      {kind === "count" && (
        <NumberInput
          label="Votes that skip a song"
          description={`1 to ${SKIP_VOTE_COUNT_MAX}`}
          value={count}
          onChange={setCount}
          min={1}
          max={SKIP_VOTE_COUNT_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={problem}
        />
      )}
      {kind === "share" && (
        <NumberInput
          label="Share of the viewers connected (%)"
          description="Counted from the viewers on the live pages of this server right now; at least one vote"
          value={percent}
          onChange={setPercent}
          min={1}
          max={100}
          suffix="%"
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={problem}
        />
      )}
      {kind === "off" && problem && (
        <Text size="sm" c="red">
          {problem}
        </Text>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={save.isPending}>
          Save skip votes
        </Button>
      </Group>
    </Stack>
  );
}
