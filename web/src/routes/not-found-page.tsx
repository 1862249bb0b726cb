import { Button, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { SadRecord } from "../components/sad-record";
import { useDocumentTitle } from "../lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <Stack align="center" justify="center" gap="lg" mih="60vh" px="md" py="lg" ta="center">
      <SadRecord />
      <Title order={1}>404 error! page not found...</Title>
      <Text c="dimmed" maw={420}>
        The page you are looking for does not exist or has moved.
      </Text>
      <Button component={Link} to="/" size="md">
        Return Home
      </Button>
    </Stack>
  );
}
