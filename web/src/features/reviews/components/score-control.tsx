import { useState } from "react";
import { Button, Group, NumberInput, Popover, Stack, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { REVIEW_MESSAGES, REVIEW_NOTE_MAX_LENGTH, REVIEW_SCORE_MAX, REVIEW_SCORE_MIN, type Review } from "@common/reviews";
import { reviewQuery, useSaveReview } from "../api";

interface ScoreControlProps {
  submissionId: string;
  trackTitle: string;
  /** Asks for the score at once (the song playing), so the button shows it; otherwise when opened. */
  eager?: boolean;
}

/** The form inside the popover, filled with the score already given. */
function ScoreForm({ submissionId, trackTitle, review, onSaved }: { submissionId: string; trackTitle: string; review: Review | null; onSaved: () => void }) {
  const [score, setScore] = useState<number | string>(review?.score ?? "");
  const [note, setNote] = useState(review?.note ?? "");
  const save = useSaveReview(submissionId);
  const valid = typeof score === "number" && Number.isInteger(score) && score >= REVIEW_SCORE_MIN && score <= REVIEW_SCORE_MAX;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate({ score, note: note.trim() || null }, { onSuccess: onSaved });
      }}
    >
      <Stack gap="xs">
        <NumberInput
          label={`Score for ${trackTitle}`}
          description={`${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}`}
          min={REVIEW_SCORE_MIN}
          max={REVIEW_SCORE_MAX}
          allowDecimal={false}
          value={score}
          onChange={setScore}
          error={score !== "" && !valid ? REVIEW_MESSAGES.scoreRange : undefined}
          data-autofocus
        />
        <TextInput label="A line for the artist" placeholder="Optional" maxLength={REVIEW_NOTE_MAX_LENGTH} value={note} onChange={(event) => setNote(event.currentTarget.value)} />
        <Group justify="flex-end">
          <Button type="submit" size="xs" disabled={!valid} loading={save.isPending}>
            Save score
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Review mode's compact control: a Score button that opens a 1-10 score and one line for the artist, saved with a button. */
export function ScoreControl({ submissionId, trackTitle, eager = false }: ScoreControlProps) {
  const [opened, setOpened] = useState(false);
  const review = useQuery({ ...reviewQuery(submissionId), enabled: eager || opened });
  const label = review.data ? `Score ${review.data.score}/${REVIEW_SCORE_MAX}` : "Score";
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" width={280} trapFocus={review.isSuccess} withinPortal shadow="md">
      <Popover.Target>
        <Button size="xs" variant={review.data ? "light" : "default"} color="grape" onClick={() => setOpened((open) => !open)} aria-label={`${label}: ${trackTitle}`}>
          {label}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {review.isSuccess ? (
          <ScoreForm submissionId={submissionId} trackTitle={trackTitle} review={review.data} onSaved={() => setOpened(false)} />
        ) : (
          <Button size="xs" variant="subtle" loading>
            Loading
          </Button>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
