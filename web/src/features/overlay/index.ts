/** The stream overlay: the transparent pages OBS shows, and the host's builder for their address. */
export { OverlayBuilder } from "./components/overlay-builder";
export { OverlayScreen } from "./components/overlay-screen";
export { useTransparentPage } from "./use-transparent-page";
export { parseOverlaySettings, type OverlayView } from "./overlay-settings";
