import { useEffect, useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { emailSignupProblem, type EmailSignupInput } from "@common/email-signup";
import { useOwnIdentity } from "../../../lib/use-stored-session";
import { emailPreferencesQuery, subscribeToEmail } from "../api";

/** The spec's e-mail success message stays this long. */
const SUCCESS_MS = 5000;

/** 'Get notified' card: e-mail plus the two subscription options, for guests and members. */
export function EmailSignupCard() {
  const { user } = useOwnIdentity();
  const preferences = useQuery(emailPreferencesQuery(user?.user_id ?? null));
  const [input, setInput] = useState<EmailSignupInput>({ email: user?.email ?? "", queue_notifications: true, general_updates: false, up_next: false });
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  // A member's confirmed options, once known, are where the form starts.
  const saved = preferences.data;
  useEffect(() => {
    if (saved && (saved.queue_notifications || saved.general_updates || saved.up_next)) {
      setInput((current) => ({ ...current, queue_notifications: saved.queue_notifications, general_updates: saved.general_updates, up_next: saved.up_next }));
    }
  }, [saved]);

  useEffect(() => {
    if (!success) return;
    const timer = setTimeout(() => setSuccess(null), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [success]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = emailSignupProblem(input);
    setProblem(found);
    setSuccess(null);
    if (found) return;
    setSending(true);
    try {
      const answer = await subscribeToEmail({ ...input, email: input.email.trim() });
      setSuccess(answer.message);
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
          <Stack gap={2}>
            <Text fw={700}>Get notified when the queue opens</Text>
            <Text size="sm" c="dimmed">
              We send a link to confirm first. Every mail has a one-click unsubscribe.
            </Text>
          </Stack>
          <TextInput
            type="email"
            placeholder="you@example.com"
            aria-label="E-mail address"
            autoComplete="email"
            value={input.email}
            onChange={(e) => setInput({ ...input, email: e.currentTarget.value })}
            disabled={sending}
          />
          <Group gap="lg">
            <Checkbox
              label="Queue notifications"
              checked={input.queue_notifications}
              onChange={(e) => setInput({ ...input, queue_notifications: e.currentTarget.checked })}
              disabled={sending}
            />
            <Checkbox label="When my song is up next" checked={!!input.up_next} onChange={(e) => setInput({ ...input, up_next: e.currentTarget.checked })} disabled={sending} />
            <Checkbox
              label="General updates"
              checked={input.general_updates}
              onChange={(e) => setInput({ ...input, general_updates: e.currentTarget.checked })}
              disabled={sending}
            />
          </Group>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {success && (
            <Alert color="teal" variant="light" role="status">
              {success}
            </Alert>
          )}
          <Button type="submit" loading={sending}>
            Subscribe
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
