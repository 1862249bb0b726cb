/** The host's player: the page that plays Now Playing (OBS or a tab), and its remote for admin pages. */
export { PlayerBar, PLAYER_PATH } from "./components/player-bar";
export { PlayerScreen } from "./components/player-screen";
export { PlayerSettingsForm } from "./components/player-settings-form";
export { usePlayerStatus } from "./use-player-status";
