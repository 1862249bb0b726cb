import { useState } from "react";
import { Alert, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { ACCOUNT_DATA_MESSAGES } from "@common/account-data";
import type { MeUser } from "@common/users";
import { toastInfo } from "../../../components/toast";
import { useAccountDataActions } from "../account-data";

/** "Your data": download everything kept about you, or delete the account after typing your username. */
export function AccountDataSection({ me }: { me: MeUser }) {
  const actions = useAccountDataActions();
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [deleting, setDeleting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const matches = typed.trim().replace(/^@/, "").toLowerCase() === me.username;

  const download = async () => {
    setDownloading(true);
    setProblem(null);
    try {
      await actions.downloadData();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : ACCOUNT_DATA_MESSAGES.exportFailed);
    } finally {
      setDownloading(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    setProblem(null);
    try {
      toastInfo(await actions.deleteAccount(typed.trim(), me.has_password ? password : null));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : ACCOUNT_DATA_MESSAGES.deleteFailed);
      setDeleting(false);
    }
  };

  return (
    <Stack gap="xs">
      <Title order={5}>Your data</Title>
      <Text size="sm" c="dimmed">
        Download your profile, submissions, votes, Fast Pass history, subscriptions and draft as a JSON file.
      </Text>
      <Group>
        <Button variant="default" loading={downloading} onClick={() => void download()}>
          Download my data
        </Button>
        {!confirming && (
          <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
            Delete my account
          </Button>
        )}
      </Group>
      {confirming && (
        <Paper withBorder p="sm" radius="md" role="group" aria-label="Delete my account">
          <Stack gap="xs">
            <Text size="sm">
              This deletes your account and personal data for good and takes your song out of the queue. Played songs stay in the host's stats without your name.
            </Text>
            <TextInput label={`Type your username (${me.username}) to confirm`} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" />
            {me.has_password && <PasswordInput label="Your password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />}
            <Group>
              <Button color="red" loading={deleting} disabled={!matches || (me.has_password && !password)} onClick={() => void remove()}>
                Delete my account for good
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)} disabled={deleting}>
                Keep my account
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
