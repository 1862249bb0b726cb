import { Anchor, Group } from "@mantine/core";
import { useSite } from "../lib/site";

/** The host's channels, set on the Settings page; nothing at all when the host has set none. */
export function SocialLinksRow() {
  const links = useSite().social_links;
  if (links.length === 0) return null;
  return (
    <Group component="nav" aria-label="Social links" justify="center" gap="xs" wrap="wrap">
      {links.map((link) => (
        <Anchor
          key={link.url}
          href={link.url}
          target="_blank"
          rel="noopener noreferrer"
          size="xs"
          c="dimmed"
          px="sm"
          py={4}
          style={{ border: "1px solid var(--mantine-color-dark-4)", borderRadius: 999 }}
        >
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
