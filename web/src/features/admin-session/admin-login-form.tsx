import { useEffect, useState, type FormEvent } from "react";
import { ACCOUNT_TIMINGS } from "@common/account";
import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useAdminSession } from "./admin-session-provider";
import { useTextField } from "../../lib/use-text-field";

/** Email / Username and Password; the button waits for both; a failure shows the server's sentence for the 6 s of a sign-in error. */
export function AdminLoginForm() {
  const { login, restoreProblem } = useAdminSession();
  const username = useTextField();
  const password = useTextField();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const filled = username.value.trim() !== "" && password.value !== "";

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ACCOUNT_TIMINGS.authErrorToastMs);
    return () => clearTimeout(timer);
  }, [error]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!filled || sending) return;
    setSending(true);
    setError(null);
    try {
      await login(username.value.trim(), password.value);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Email / Username"
          // Admin accounts have a username and no e-mail address (the spec's label is kept).
          description="Admins sign in with their username"
          autoComplete="username"
          {...username.input}
          data-autofocus
          autoFocus
        />
        <PasswordInput label="Password" autoComplete="current-password" {...password.input} />
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : (
          restoreProblem && (
            <Alert color="yellow" variant="light" role="status" title="Please sign in again">
              {restoreProblem}
            </Alert>
          )
        )}
        <Button type="submit" disabled={!filled} loading={sending} fullWidth size="md">
          Login
        </Button>
      </Stack>
    </form>
  );
}
