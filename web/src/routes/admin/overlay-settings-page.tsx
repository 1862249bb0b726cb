import { AdminPage } from "../../features/admin-shell";
import { OverlayBuilder } from "../../features/overlay";

export function OverlaySettingsPage() {
  return (
    <AdminPage title="Stream overlay" kind="wide" intro="Show the song playing and the next ones on your stream, live, over a transparent background.">
      <OverlayBuilder />
    </AdminPage>
  );
}
