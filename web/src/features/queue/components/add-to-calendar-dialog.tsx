import { Button, Modal, Stack, Text } from "@mantine/core";
import { googleCalendarUrl, icsFile, STREAM_EVENT_HOURS, type CalendarEvent } from "../../../lib/calendar";

async function downloadIcs(event: CalendarEvent) {
  const url = URL.createObjectURL(new Blob([await icsFile(event)], { type: "text/calendar;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = "livequeue-stream.ics";
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

interface AddToCalendarDialogProps {
  opened: boolean;
  onClose: () => void;
  event: CalendarEvent;
  startsLabel: string;
}

/** The next stream as a calendar file or a Google Calendar link. */
export function AddToCalendarDialog({ opened, onClose, event, startsLabel }: AddToCalendarDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add to calendar" centered>
      <Stack>
        <Text size="sm" c="dimmed">
          {startsLabel}, for {STREAM_EVENT_HOURS} hours.
        </Text>
        <Button onClick={() => downloadIcs(event)}>Download calendar file (.ics)</Button>
        <Button component="a" href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer" variant="default">
          Add to Google Calendar
        </Button>
      </Stack>
    </Modal>
  );
}
