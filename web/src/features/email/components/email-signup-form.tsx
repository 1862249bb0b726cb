import { useEffect, useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Group, Stack, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { emailSignupProblem, type EmailSignupInput } from "@common/email-signup";
import { useOwnIdentity } from "../../../lib/use-stored-session";
import { emailPreferencesQuery, subscribeToEmail } from "../api";
import { EMAIL_SIGNUP_OPTIONS } from "../email-signup-options";

/** The spec's e-mail success message stays this long. */
const SUCCESS_MS = 5000;

/** The 'Get notified' card's form: e-mail plus the subscription options, for guests and members. */
export function EmailSignupForm() {
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
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
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
          {EMAIL_SIGNUP_OPTIONS.map((option) => (
            <Checkbox
              key={option.key}
              label={option.label}
              checked={!!input[option.key]}
              onChange={(e) => setInput({ ...input, [option.key]: e.currentTarget.checked })}
              disabled={sending}
            />
          ))}
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
  );
}
