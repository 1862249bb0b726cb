import { Box, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { LightDialog } from "../../../components/light-dialog";

const STEPS = [
  ["Join the queue", "When the stream is live, tap Join Queue and send a link to your song with your artist name and track title."],
  ["Follow your place", "The queue page shows your position and an estimated wait, updated live while you watch."],
  ["Stay around", "If you go quiet for a long time your song is put on hold; coming back puts it back in its place."],
  ["Hear it played", "The host plays the queue in order on stream. Fast Pass holders go first."],
] as const;

/**
 * The 'How Does It Work' help; the home page opens it once on a first visit, so it is a LightDialog:
 * Mantine's Modal would add about 31 KB gzip to that first load.
 */
export function HowItWorksDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <LightDialog opened={opened} onClose={onClose} title="How Does It Work">
      {/* A plain numbered list of the first load's own parts: Mantine's List would be one more script. */}
      <Stack component="ol" gap="md" m={0} ps="lg" style={{ listStyle: "none" }}>
        {STEPS.map(([title, text], index) => (
          <Group component="li" key={title} align="flex-start" wrap="nowrap" gap="sm">
            <ThemeIcon radius="xl" size={26} aria-hidden>
              {index + 1}
            </ThemeIcon>
            <Box>
              <Text fw={600}>{title}</Text>
              <Text size="sm" c="dimmed">
                {text}
              </Text>
            </Box>
          </Group>
        ))}
      </Stack>
    </LightDialog>
  );
}
