import { lazy, Suspense } from "react";
import { Paper, Stack, Text } from "@mantine/core";
import { EmailSignupFormPlaceholder } from "./components/email-signup-form-placeholder";

// Below the fold on Home: its form controls load after the first paint.
const EmailSignupForm = lazy(() => import("./components/email-signup-form").then((m) => ({ default: m.EmailSignupForm })));

/**
 * 'Get notified' card: e-mail plus the subscription options, for guests and members. The card and its
 * text come with the page; while the form's code loads, a placeholder of the form's size holds its place.
 */
export function LazyEmailSignupCard() {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label="E-mail notifications">
      <Stack gap="sm">
        <Stack gap={2}>
          <Text fw={700}>Get notified when the queue opens</Text>
          <Text size="sm" c="dimmed">
            We send a link to confirm first. Every mail has a one-click unsubscribe.
          </Text>
        </Stack>
        <Suspense fallback={<EmailSignupFormPlaceholder />}>
          <EmailSignupForm />
        </Suspense>
      </Stack>
    </Paper>
  );
}
