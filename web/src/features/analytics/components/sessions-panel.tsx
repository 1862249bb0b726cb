import { useState } from "react";
import { Alert, Skeleton, Stack, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { sessionsQuery } from "../api";
import { AcrossSessionsCharts } from "./across-sessions-charts";
import { LiveSessionCard } from "./live-session-card";
import { SessionDetails } from "./session-details";
import { SessionList } from "./session-list";
import { StartSessionForm } from "./start-session-form";

/** The Sessions tab: the live session (or the start form), the chosen session's details, all sessions. */
export function SessionsPanel() {
  const sessions = useQuery(sessionsQuery());
  const [selected, setSelected] = useState<string | null>(null);
  if (sessions.isPending) return <Skeleton height={240} radius="md" />;
  if (sessions.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load the sessions">
        {errorMessage(sessions.error)}
      </Alert>
    );
  }
  const live = sessions.data.find((session) => session.is_live);
  return (
    <Stack gap="md">
      {live ? <LiveSessionCard session={live} onShowDetails={() => setSelected(live.session_id)} /> : <StartSessionForm />}
      {selected && <SessionDetails key={selected} sessionId={selected} onClose={() => setSelected(null)} />}
      {sessions.data.length > 0 && (
        <Stack gap="sm" component="section" aria-label="Across sessions">
          <Title order={3} size="h4">
            Across sessions
          </Title>
          <AcrossSessionsCharts sessions={sessions.data} />
        </Stack>
      )}
      <Stack gap="sm" component="section" aria-label="All sessions">
        <Title order={3} size="h4">
          All sessions
        </Title>
        <SessionList sessions={sessions.data} selected={selected} onSelect={setSelected} />
      </Stack>
    </Stack>
  );
}
