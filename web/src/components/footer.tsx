import { Anchor, Box, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { useSite } from "../lib/site";

/** The footer of every page: legal links, the host's contact address (when set) and footer line. */
export function Footer() {
  const site = useSite();
  return (
    <Box component="footer" py="lg" px="md" mt="xl" style={{ borderTop: "1px solid var(--mantine-color-dark-5)" }}>
      <Group justify="center" gap="lg" wrap="wrap">
        <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
          Privacy Policy
        </Anchor>
        <Anchor component={Link} to="/terms" size="sm" c="dimmed">
          Terms of Service
        </Anchor>
        {site.contact_email && (
          <Anchor href={`mailto:${site.contact_email}`} size="sm" c="dimmed">
            Contact
          </Anchor>
        )}
      </Group>
      <Text ta="center" size="xs" c="dimmed" mt="xs">
        {site.footer_text}
      </Text>
    </Box>
  );
}
