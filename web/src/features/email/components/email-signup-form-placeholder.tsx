import { Group, rem, Skeleton, Stack, Text } from "@mantine/core";
import { EMAIL_SIGNUP_OPTIONS } from "../email-signup-options";

/** Mantine's "sm" input and button are this tall. */
const CONTROL_HEIGHT = 36;
/** Mantine's "sm" checkbox: its box, and its label after it on a line as tall as the box. */
const CHECKBOX = { box: 20, labelOffset: 12 };

/**
 * The sign-up form's box while its code loads: the same field, checkboxes (each as wide as its label,
 * so they wrap as the form's do) and button, so the card does not grow and nothing below it moves
 * when the form takes its place.
 */
export function EmailSignupFormPlaceholder() {
  return (
    <Stack gap="sm" aria-hidden>
      <Skeleton height={CONTROL_HEIGHT} radius="sm" />
      <Group gap="lg">
        {EMAIL_SIGNUP_OPTIONS.map((option) => (
          <Group key={option.key} gap={CHECKBOX.labelOffset} wrap="nowrap">
            <Skeleton height={CHECKBOX.box} width={CHECKBOX.box} radius="sm" style={{ flexShrink: 0 }} />
            <Text size="sm" lh={rem(CHECKBOX.box)} c="dimmed">
              {option.label}
            </Text>
          </Group>
        ))}
      </Group>
      <Skeleton height={CONTROL_HEIGHT} radius="sm" />
    </Stack>
  );
}
