import { useState, type FormEvent, type ReactNode } from "react";
import { Alert, Button, Group, Stack } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { LOYALTY_MESSAGES, type LoyaltyBalance } from "@common/loyalty";
import { recordActivity } from "../../activity";
import { FastPassChoice } from "../../loyalty";
import { SongFields, type SongField } from "../../../components/song-fields";
import { useOwnUserId } from "../../../lib/use-stored-session";
import { EMPTY_FORM, submissionProblem, type EntryFormValues } from "../entry-rules";

/** Renders the file picker when the files feature offers uploads; the form then shows a Link | File switch. */
export type FileFieldRenderer = (props: { file: File | null; onChange: (file: File | null) => void; error: boolean; disabled: boolean }) => ReactNode;

export interface EntryFormProps {
  initialValues?: Partial<EntryFormValues>;
  submitLabel: string;
  /** Sends the checked values; a thrown error is shown under the form in the catalogue's words. */
  onSubmit: (values: EntryFormValues) => Promise<void>;
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

/** The song fields as a queue entry is sent or edited: checked with the spec's messages, with the Fast Pass choice for a member holding tokens. */
export function EntryForm({ initialValues, submitLabel, onSubmit, onCancel, errorContext, fileField, busy = false, blankArtistAndTitle = false, fastPassBalance }: EntryFormProps) {
  const [values, setValues] = useState<EntryFormValues>({ ...EMPTY_FORM, ...initialValues });
  // null: a Fast Pass is wanted but the member, holding several tiers, has not chosen one yet.
  const [fastPassLevel, setFastPassLevel] = useState<number | null>(0);
  const [tierMissing, setTierMissing] = useState(false);
  const [problem, setProblem] = useState<{ message: string; fields: SongField[] } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const sending = submitting || busy;

  const set = <K extends keyof EntryFormValues>(key: K, value: EntryFormValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const invalid = (field: SongField) => problem?.fields.includes(field) ?? false;

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
        <SongFields
          values={values}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
          source={values.source}
          onSourceChange={fileField && ((source) => set("source", source))}
          fileSlot={fileField?.({ file: values.file, onChange: (file) => set("file", file), error: invalid("file"), disabled: sending })}
          invalid={invalid}
          required
          blankArtistAndTitle={blankArtistAndTitle}
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
