/** Bans of submitters and songs, and the host's limits per stream, song length and words. */
export { BanForm } from "./components/ban-form";
export { BanList } from "./components/ban-list";
export { HostLimitsForm } from "./components/host-limits-form";
