import { useEffect, useRef, useState } from "react";
import { Alert, Button, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "@common/error-catalogue";
import { EMAIL_MESSAGES } from "@common/email-signup";
import { followEmailLink, type EmailLinkAction } from "../api";

const TITLES: Record<EmailLinkAction, string> = { confirm: "Confirm your subscription", unsubscribe: "Unsubscribe" };

type State = { kind: "working" } | { kind: "done"; message: string } | { kind: "failed"; message: string };

/** Follows a mail's link as soon as the page opens (one click), and says how it went. */
export function EmailLinkResult({ action }: { action: EmailLinkAction }) {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>(token ? { kind: "working" } : { kind: "failed", message: EMAIL_MESSAGES.linkInvalid });
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    followEmailLink(action, token).then(
      (result) => setState({ kind: "done", message: result.message }),
      (error: unknown) => setState({ kind: "failed", message: errorMessage(error) }),
    );
  }, [action, token]);

  return (
    <Paper withBorder radius="lg" p="lg" mt="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {TITLES[action]}
        </Title>
        {state.kind === "working" && (
          <Stack align="center" gap="xs" role="status">
            <Loader size="sm" />
            <Text c="dimmed">One moment…</Text>
          </Stack>
        )}
        {state.kind === "done" && (
          <Alert color="teal" variant="light" role="status">
            {state.message}
          </Alert>
        )}
        {state.kind === "failed" && (
          <Alert color="red" variant="light" role="alert">
            {state.message}
          </Alert>
        )}
        <Button component={Link} to="/" variant="default" style={{ alignSelf: "flex-start" }}>
          Return Home
        </Button>
      </Stack>
    </Paper>
  );
}
