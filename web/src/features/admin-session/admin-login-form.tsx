import { useEffect, useState, type FormEvent } from "react";
import { ACCOUNT_TIMINGS } from "@common/account";
import { Alert, Button, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useAdminSession } from "./admin-session-provider";

/** Email / Username and Password; the button waits for both; a failure shows the server's sentence for the 6 s of a sign-in error. */
export function AdminLoginForm() {
  const { login, restoreProblem } = useAdminSession();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const filled = username.trim() !== "" && password !== "";

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
      await login(username.trim(), password);
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
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          data-autofocus
          autoFocus
        />
        <PasswordInput label="Password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
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
