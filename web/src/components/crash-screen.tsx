import { Box, Button, Code, Group, Paper, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { ApiError } from "../lib/api-client";
import { ChevronIcon } from "./icons";

const NETWORK_TEXT = "Unable to connect to the server. Please check your internet connection.";
const NO_SERVER_MESSAGE = "API request failed";
const UNEXPECTED_API_ERROR = "An unexpected API error occurred";

/**
 * The API-error variant's sentence (section 2 of both specs): when the server answered, its message or
 * 'API request failed'; otherwise a 'Network Error' asks to check the connection, and anything else
 * (a timeout, a refused request) says its own message, or 'An unexpected API error occurred'.
 */
export function apiErrorText(error: ApiError): string {
  if (error.status > 0) return error.detailText ?? NO_SERVER_MESSAGE;
  const text = error.detailText ?? error.message;
  if (/Network Error/.test(text)) return NETWORK_TEXT;
  return text || UNEXPECTED_API_ERROR;
}

interface CrashScreenProps {
  error: Error;
  errorId: string;
  onTryAgain: () => void;
  /** Inside a page's area (the back-office keeps its navigation), not over the whole window. */
  inline?: boolean;
}

/** 'Oops! Something went wrong' for any crash, or 'Connection Error' when an API call failed. */
export function CrashScreen({ error, errorId, onTryAgain, inline = false }: CrashScreenProps) {
  const [detailsOpen, details] = useDisclosure(false);
  const api = error instanceof ApiError ? error : null;
  return (
    <Box mih={inline ? undefined : "100vh"} p="md" style={{ display: "grid", placeItems: "center" }}>
      <Paper withBorder radius="lg" p="xl" maw={520} w="100%" role="alert">
        <Stack gap="md">
          <Title order={2}>{api ? "Connection Error" : "Oops! Something went wrong"}</Title>
          <Text c="dimmed">{api ? apiErrorText(api) : "An unexpected error stopped this page. You can try again or reload the page."}</Text>
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
          {/* Shown at once, not slid open: Mantine's Collapse would be in every first load for a crash. */}
          {detailsOpen && (
            <Code block style={{ whiteSpace: "pre-wrap", maxHeight: 240, overflow: "auto" }}>
              {`${error.name}: ${error.message}\n${error.stack ?? ""}`}
            </Code>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
