export { ScanBadge } from "./components/scan-status";
