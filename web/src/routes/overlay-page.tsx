import { useSearchParams } from "react-router";
import { OverlayScreen, parseOverlaySettings, type OverlayView } from "../features/overlay";
import { useDocumentTitle } from "../lib/use-document-title";

const TITLES: Record<OverlayView, string> = { combined: "Overlay", "now-playing": "Now playing overlay", "up-next": "Up next overlay" };

/** /overlay, /overlay/now-playing and /overlay/up-next: the browser source a streamer adds to OBS. */
export function OverlayPage({ view }: { view: OverlayView }) {
  useDocumentTitle(TITLES[view]);
  const [params] = useSearchParams();
  return <OverlayScreen view={view} settings={parseOverlaySettings(params)} />;
}
