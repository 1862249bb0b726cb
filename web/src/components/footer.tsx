import { Anchor, Box, Group, Text } from "@mantine/core";
import { Link } from "react-router";
import { CONTACT_EMAIL } from "../lib/site";

/** The footer of every page: legal links, contact, copyright. */
export function Footer() {
  return (
    <Box component="footer" py="lg" px="md" mt="xl" style={{ borderTop: "1px solid var(--mantine-color-dark-5)" }}>
      <Group justify="center" gap="lg" wrap="wrap">
        <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
          Privacy Policy
        </Anchor>
        <Anchor component={Link} to="/terms" size="sm" c="dimmed">
          Terms of Service
        </Anchor>
        <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm" c="dimmed">
          Contact
        </Anchor>
      </Group>
      <Text ta="center" size="xs" c="dimmed" mt="xs">
        © 2025 LiveQueue. All rights reserved.
      </Text>
    </Box>
  );
}
