import { useState } from "react";
import { Alert, Button, Group, PasswordInput, Stack, Text, Title } from "@mantine/core";
import { MESSAGES } from "@common/messages";
import { PASSWORD_MIN_LENGTH } from "@common/limits";
import type { MeUser } from "@common/users";
import { toastInfo } from "../../../components/toast";
import { useAccountDataActions } from "../account-data";

/** Change password (needs the current one; other logins end) and sign out of every device. */
export function AccountSecuritySection({ me }: { me: MeUser }) {
  const actions = useAccountDataActions();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [busy, setBusy] = useState<"password" | "everywhere" | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const tooShort = next.length > 0 && next.length < PASSWORD_MIN_LENGTH;

  const run = async (kind: "password" | "everywhere", action: () => Promise<string>) => {
    setBusy(kind);
    setResult(null);
    try {
      const text = await action();
      if (kind === "password") {
        setCurrent("");
        setNext("");
        setResult({ ok: true, text });
      } else {
        toastInfo(text);
      }
    } catch (error) {
      setResult({ ok: false, text: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={5}>Sign-in and security</Title>
      {me.has_password && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void run("password", () => actions.changePassword(current, next));
          }}
        >
          <Stack gap="xs">
            <PasswordInput label="Current password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} required />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => setNext(e.currentTarget.value)}
              error={tooShort ? MESSAGES.passwordTooShort : undefined}
              required
            />
            <Group>
              <Button type="submit" variant="light" loading={busy === "password"} disabled={!current || next.length < PASSWORD_MIN_LENGTH}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {result && (
        <Alert color={result.ok ? "green" : "red"} variant="light" role={result.ok ? "status" : "alert"}>
          {result.text}
        </Alert>
      )}
      <Text size="sm" c="dimmed">
        Lost a device or signed in somewhere public? End every session, this one included.
      </Text>
      <Group>
        <Button variant="default" loading={busy === "everywhere"} onClick={() => void run("everywhere", actions.signOutEverywhere)}>
          Sign out everywhere
        </Button>
      </Group>
    </Stack>
  );
}
