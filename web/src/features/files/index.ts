/** The files feature as the rest of the app sees it: the file field, the upload, scan status and the host's player. */
export { AdminFileSlot } from "./components/admin-file-slot";
export { AudioFileField } from "./components/audio-file-field";
export { ScanBadge } from "./components/scan-status";
export { scanStatusQuery } from "./api";
export { UploadFailureDialog } from "./components/upload-failure-dialog";
export { IDLE_UPLOAD, type UploadProgress } from "./components/upload-status";
export { uploadWithProgress } from "./upload-request";
