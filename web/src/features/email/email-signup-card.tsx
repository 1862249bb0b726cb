import { useState, type FormEvent } from "react";
import { Alert, Badge, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { errorMessage } from "@common/error-catalogue";
import { emailSignupProblem, type EmailSignupInput } from "@common/email-signup";

interface EmailSignupCardProps {
  /** Sends the subscription; without it the card is shown disabled as coming soon. */
  onSubscribe?: (input: EmailSignupInput) => Promise<void>;
}

/** 'Get notified' card: e-mail plus the two subscription options. */
export function EmailSignupCard({ onSubscribe }: EmailSignupCardProps) {
  const [input, setInput] = useState<EmailSignupInput>({ email: "", queue_notifications: true, general_updates: false });
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [sending, setSending] = useState(false);
  const disabled = !onSubscribe || sending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!onSubscribe) return;
    const found = emailSignupProblem(input);
    setProblem(found);
    if (found) return;
    setSending(true);
    try {
      await onSubscribe({ ...input, email: input.email.trim() });
      setDone(true);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="E-mail notifications">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between">
            <Text fw={700}>Get notified when the queue opens</Text>
            {!onSubscribe && (
              <Badge variant="light" color="gray">
                Coming soon
              </Badge>
            )}
          </Group>
          <TextInput
            type="email"
            placeholder="you@example.com"
            aria-label="E-mail address"
            value={input.email}
            onChange={(e) => setInput({ ...input, email: e.currentTarget.value })}
            disabled={disabled}
          />
          <Group gap="lg">
            <Checkbox
              label="Queue notifications"
              checked={input.queue_notifications}
              onChange={(e) => setInput({ ...input, queue_notifications: e.currentTarget.checked })}
              disabled={disabled}
            />
            <Checkbox
              label="General updates"
              checked={input.general_updates}
              onChange={(e) => setInput({ ...input, general_updates: e.currentTarget.checked })}
              disabled={disabled}
            />
          </Group>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {done ? (
            <Alert color="teal" variant="light">
              You're subscribed.
            </Alert>
          ) : (
            <Button type="submit" disabled={disabled} loading={sending}>
              Subscribe
            </Button>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
