import { useQuery } from "@tanstack/react-query";
import { adminListQuery, playable, useAdminQueueLive } from "../../features/queue-admin";
import { PlayerScreen } from "../../features/player";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /overlay/player: the host's player, signed in as the host, with no site around it (an OBS browser source). */
export function PlayerPage() {
  useDocumentTitle("Player");
  useAdminQueueLive();
  const active = useQuery(adminListQuery("active"));
  const waiting = useQuery(adminListQuery("waiting"));
  const current = active.data?.[0] ?? null;
  return <PlayerScreen current={current} nextReadyId={waiting.data?.find(playable)?.id ?? null} />;
}
