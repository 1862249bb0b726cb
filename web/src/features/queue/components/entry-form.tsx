import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Group, SegmentedControl, Stack, TextInput, Textarea } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { LINK_MAX_LENGTH, MESSAGE_MAX_LENGTH, TEXT_FIELD_MAX_LENGTH } from "@common/limits";
import { EMPTY_TEXT } from "@common/queue";
import { LOYALTY_MESSAGES, type LoyaltyBalance } from "@common/loyalty";
import { recordActivity } from "../../activity";
import { FastPassChoice } from "../../loyalty";
import { useOwnUserId } from "../../../lib/use-stored-session";
import { EMPTY_FORM, submissionProblem, type SongSource, type SubmissionField, type SubmissionFormValues } from "../entry-rules";

/** Renders the file picker when the files feature offers uploads; the form then shows a Link | File switch. */
export type FileFieldRenderer = (props: { file: File | null; onChange: (file: File | null) => void; error: boolean; disabled: boolean }) => ReactNode;

export interface SubmissionFormProps {
  initialValues?: Partial<SubmissionFormValues>;
  submitLabel: string;
  /** Sends the checked values; a thrown error is shown under the form in the catalogue's words. */
  onSubmit: (values: SubmissionFormValues) => Promise<void>;
  onCancel?: () => void;
  errorContext: "submit" | "update";
  fileField?: FileFieldRenderer;
  /** An upload the form did not start (Try again in the failure dialog) is under way: the form stays locked. */
  busy?: boolean;
  /** The admin's add: a blank artist or title is sent and becomes 'Empty!' instead of being refused. */
  blankArtistAndTitle?: boolean;
  /** A signed-in member's tokens: holding any shows the Fast Pass choice. */
  fastPassBalance?: LoyaltyBalance | null;
}

/** Artist, title, channel username, link (or file) and note, with the spec's validation messages. */
export function SubmissionForm({ initialValues, submitLabel, onSubmit, onCancel, errorContext, fileField, busy = false, blankArtistAndTitle = false, fastPassBalance }: SubmissionFormProps) {
  const [values, setValues] = useState<SubmissionFormValues>({ ...EMPTY_FORM, ...initialValues });
  // null: a Fast Pass is wanted but the member, holding several tiers, has not chosen one yet.
  const [fastPassLevel, setFastPassLevel] = useState<number | null>(0);
  const [tierMissing, setTierMissing] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: SubmissionField[] } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const sending = submitting || busy;

  const set = <K extends keyof SubmissionFormValues>(key: K, value: SubmissionFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const invalid = (field: SubmissionField) => problem?.fields.includes(field) ?? false;

  const ownUserId = useOwnUserId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = submissionProblem(values, { blankArtistAndTitle }) ?? (fastPassLevel === null ? { message: LOYALTY_MESSAGES.chooseTier, fields: [] } : null);
    setProblem(found);
    setTierMissing(fastPassLevel === null);
    if (found) return;
    setSubmitting(true);
    try {
      await onSubmit(fastPassLevel ? { ...values, fastPassLevel } : values);
      void recordActivity(ownUserId, `form_submit:${errorContext}`);
    } catch (error) {
      const message = errorMessage(error, errorContext);
      setProblem({ message, fields: message.startsWith("Invalid link") ? ["link"] : [] });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Artist name"
          placeholder={blankArtistAndTitle ? EMPTY_TEXT : "Who made it?"}
          value={values.artist_name}
          onChange={(e) => set("artist_name", e.currentTarget.value)}
          maxLength={TEXT_FIELD_MAX_LENGTH}
          error={invalid("artist_name")}
          withAsterisk={!blankArtistAndTitle}
          data-autofocus
        />
        <TextInput
          label="Track title"
          placeholder={blankArtistAndTitle ? EMPTY_TEXT : "Song name"}
          value={values.track_title}
          onChange={(e) => set("track_title", e.currentTarget.value)}
          maxLength={TEXT_FIELD_MAX_LENGTH}
          error={invalid("track_title")}
          withAsterisk={!blankArtistAndTitle}
        />
        <TextInput
          label="Channel username"
          description="Your name in the live chat, so the host can shout you out"
          placeholder="Anonymous"
          value={values.youtube_username}
          onChange={(e) => set("youtube_username", e.currentTarget.value)}
          maxLength={TEXT_FIELD_MAX_LENGTH}
        />
        {fileField && (
          <SegmentedControl
            value={values.source}
            onChange={(value) => set("source", value as SongSource)}
            data={[
              { label: "Link", value: "link" },
              { label: "File", value: "file" },
            ]}
            aria-label="Song source"
          />
        )}
        {values.source === "file" && fileField ? (
          fileField({ file: values.file, onChange: (file) => set("file", file), error: invalid("file"), disabled: sending })
        ) : (
          <TextInput
            label="Song link"
            placeholder="https://…"
            type="url"
            inputMode="url"
            value={values.link}
            onChange={(e) => set("link", e.currentTarget.value)}
            maxLength={LINK_MAX_LENGTH}
            error={invalid("link")}
            withAsterisk
          />
        )}
        <Textarea
          label="Note"
          placeholder="Anything the host should know (optional)"
          value={values.message}
          onChange={(e) => set("message", e.currentTarget.value)}
          maxLength={MESSAGE_MAX_LENGTH}
          autosize
          minRows={2}
          maxRows={5}
        />
        {fastPassBalance && (
          <FastPassChoice
            balance={fastPassBalance}
            value={fastPassLevel}
            onChange={(level) => {
              setFastPassLevel(level);
              setTierMissing(false);
            }}
            error={tierMissing}
            disabled={sending}
          />
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={sending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={sending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
