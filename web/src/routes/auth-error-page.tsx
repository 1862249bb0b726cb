import { useEffect, useRef, useState } from "react";
import { Button, Code, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useNavigate, useSearchParams } from "react-router";
import { ACCOUNT_TIMINGS } from "@common/account";
import { ChevronIcon } from "../components/icons";
import { Page } from "../components/page";
import { useSite } from "../lib/site";
import { setIntendedPath } from "../lib/storage";
import { useDocumentTitle } from "../lib/use-document-title";
import { describeAuthError } from "../features/account";

/** /auth/error: what went wrong with a sign-in, what to do, and a 10-second countdown home. */
export function AuthErrorPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const description = params.get("description") ?? params.get("error_description");
  const detail = params.get("detail");
  const view = describeAuthError(params.get("error"), description, detail);
  const [secondsLeft, setSecondsLeft] = useState<number>(ACCOUNT_TIMINGS.authErrorCountdownSeconds);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const toasted = useRef(false);
  useDocumentTitle("Sign-in problem");

  useEffect(() => {
    if (toasted.current) return;
    toasted.current = true;
    notifications.show({ title: view.title, message: view.message, color: "red", autoClose: ACCOUNT_TIMINGS.authErrorToastMs });
  }, [view.title, view.message]);

  useEffect(() => {
    const timer = setInterval(() => setSecondsLeft((left) => Math.max(0, left - 1)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (secondsLeft === 0) void navigate("/", { replace: true });
  }, [secondsLeft, navigate]);

  const tryAgain = () => {
    setIntendedPath(null);
    void navigate("/", { replace: true });
  };
  const contact = useSite().contact_email;
  const mail = `mailto:${contact}?subject=${encodeURIComponent(`Sign-in problem (${view.code})`)}&body=${encodeURIComponent(
    `Error: ${view.code}\nDescription: ${description ?? ""}\nDetail: ${detail ?? ""}\n\nWhat I was doing:\n`,
  )}`;

  return (
    <Page kind="reading">
      <Paper withBorder radius="lg" p="xl">
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="red.4">
              Sign-in problem
            </Text>
            <Title order={1}>{view.title}</Title>
            <Text size="lg">{view.message}</Text>
            <Text c="dimmed">{view.hint}</Text>
          </Stack>
          <Stack gap={6}>
            <UnstyledButton onClick={() => setDetailsOpen((open) => !open)} aria-expanded={detailsOpen} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
              <Text size="sm" fw={600}>
                Technical Details
              </Text>
              <ChevronIcon size={14} open={detailsOpen} />
            </UnstyledButton>
            <Collapse expanded={detailsOpen}>
              <Code block>{`code: ${view.code}\ndescription: ${description ?? "-"}\ndetail: ${detail ?? "-"}`}</Code>
            </Collapse>
          </Stack>
          <Group gap="xs">
            {view.retryable && <Button onClick={tryAgain}>Try Again</Button>}
            {contact && (
              <Button component="a" href={mail} variant="default">
                Contact Support
              </Button>
            )}
          </Group>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed" aria-live="polite">
              Going to the home page in {secondsLeft} s
            </Text>
            <Button variant="subtle" size="xs" onClick={() => void navigate("/", { replace: true })}>
              Go to Home Now
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Page>
  );
}
