import { Box, Button, Code, Collapse, Group, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ApiError } from "../lib/api-client";
import { ChevronIcon } from "./icons";

const NETWORK_TEXT = "Unable to connect to the server. Please check your internet connection.";
const NO_SERVER_MESSAGE = "API request failed";

/**
 * The API-error variant's sentence (admin spec 8): the server's message, or 'API request failed'
 * when it gave none; a network failure asks to check the connection.
 */
export function apiErrorText(error: ApiError): string {
  const text = error.detailText ?? NO_SERVER_MESSAGE;
  if (error.network || /Network Error/.test(text)) return NETWORK_TEXT;
  return text;
}

interface CrashScreenProps {
  error: Error;
  errorId: string;
  onTryAgain: () => void;
}

/** 'Oops! Something went wrong' for any crash, or 'Connection Error' when an API call failed. */
export function CrashScreen({ error, errorId, onTryAgain }: CrashScreenProps) {
  const [detailsOpen, details] = useDisclosure(false);
  const api = error instanceof ApiError ? error : null;
  return (
    <Box mih="100vh" p="md" style={{ display: "grid", placeItems: "center" }}>
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" role="alert">
        <Stack gap="md">
          <Title order={2}>{api ? "Connection Error" : "Oops! Something went wrong"}</Title>
          <Text c="dimmed">
            {api ? apiErrorText(api) : "An unexpected error stopped this page. You can try again or reload the page."}
          </Text>
          {api && (
            <Stack gap={4}>
              <Text size="sm">
                Status code: <Code>{api.status || "no response"}</Code>
              </Text>
              {api.correlationId && (
                <Text size="sm">
                  Correlation ID: <Code>{api.correlationId}</Code>
                </Text>
              )}
            </Stack>
          )}
          <Text size="sm" c="dimmed">
            Error ID: <Code>{errorId}</Code>
          </Text>
          <Group>
            <Button onClick={onTryAgain}>Try Again</Button>
            <Button variant="default" onClick={() => window.location.reload()}>
              Reload Page
            </Button>
          </Group>
          <UnstyledButton onClick={details.toggle} aria-expanded={detailsOpen}>
            <Group gap={4}>
              <Text size="sm" c="dimmed">
                Technical Details
              </Text>
              <ChevronIcon open={detailsOpen} size={14} />
            </Group>
          </UnstyledButton>
          <Collapse expanded={detailsOpen}>
            <Code block style={{ whiteSpace: "pre-wrap", maxHeight: 240, overflow: "auto" }}>
              {`${error.name}: ${error.message}\n${error.stack ?? ""}`}
            </Code>
          </Collapse>
        </Stack>
      </Paper>
    </Box>
  );
}
