import { List, Text, ThemeIcon } from "@mantine/core";
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
      <List spacing="md" center={false} icon={null} styles={{ itemWrapper: { alignItems: "flex-start" } }}>
        {STEPS.map(([title, text], index) => (
          <List.Item
            key={title}
            icon={
              <ThemeIcon radius="xl" size={26}>
                {index + 1}
              </ThemeIcon>
            }
          >
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </List.Item>
        ))}
      </List>
    </LightDialog>
  );
}
