import { Anchor, Group } from "@mantine/core";
import { SOCIAL_LINKS } from "../lib/site";

/** The streamer's channels, set per deployment (VITE_SOCIAL_LINKS). */
export function SocialLinksRow() {
  if (SOCIAL_LINKS.length === 0) return null;
  return (
    <Group component="nav" aria-label="Social links" justify="center" gap="xs" wrap="wrap">
      {SOCIAL_LINKS.map((link) => (
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
