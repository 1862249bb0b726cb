import { Alert, Paper, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { CLIENT_EVENT_DAYS_DEFAULT } from "@common/client-events";
import { appEventsQuery } from "../api";

/** The App Events tab: how many times each event the web app sent (POST analytics/events) arrived, per UTC day. */
export function AppEventsPanel() {
  const counts = useQuery(appEventsQuery());
  if (counts.isPending) return <Skeleton height={200} radius="md" />;
  if (counts.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load the app events">
        {errorMessage(counts.error)}
      </Alert>
    );
  }
  const total = counts.data.reduce((sum, row) => sum + row.count, 0);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          App events, last {CLIENT_EVENT_DAYS_DEFAULT} days
        </Title>
        <Text size="sm" c="dimmed">
          {total === 0 ? "No app events yet." : `${total} events. Only the sender's user id is kept with each one.`}
        </Text>
        {counts.data.length > 0 && (
          <Table.ScrollContainer minWidth={320}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Day (UTC)</Table.Th>
                  <Table.Th scope="col">Event</Table.Th>
                  <Table.Th scope="col" ta="right">
                    Count
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {counts.data.map((row) => (
                  <Table.Tr key={`${row.day}|${row.event}`}>
                    <Table.Td>{row.day}</Table.Td>
                    <Table.Td style={{ overflowWrap: "anywhere" }}>{row.event}</Table.Td>
                    <Table.Td ta="right">{row.count}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
