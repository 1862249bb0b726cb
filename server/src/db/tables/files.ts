/**
 * Every uploaded file. `status` follows the file's life: an upload URL is issued (awaiting_upload),
 * bytes arrive (uploading), they are stored and wait for the scan (pending), then clean or error.
 * Only pending, clean and error travel on the wire (Entry.file_status).
 */
export interface FilesTable {
  key: string;
  original_name: string;
  /** The type the uploader declared; the scan decides the real one. */
  declared_type: string;
  /** The type recognised from the bytes by the scan. */
  content_type: string | null;
  size: number | null;
  status: "awaiting_upload" | "uploading" | "pending" | "clean" | "error";
  /** Why the scan failed, for the admin. */
  reason: string | null;
  duration_seconds: number | null;
  /** When a scan claimed the file; a claim older than the scan timeout is taken over. */
  scan_started_at: string | null;
  /** Scans that could not finish (the virus scanner was unreachable); after a few the file is an error. */
  scan_attempts: number;
  created_at: string;
  uploaded_at: string | null;
  scanned_at: string | null;
  /** The bytes are gone (kept for the retention time after the last entry that used them left the queue). */
  deleted_at: string | null;
  /** The account or guest id that asked for the upload; only that submitter may attach the file. Null: whoever uses it first. */
  uploader_id: string | null;
  /** The client address the upload came from; its pending bytes are capped. */
  uploader_address: string | null;
  /** Bytes the upload may still bring (the declared size, else 100 MB) until its real size is known. */
  reserved_bytes: number | null;
  /** A scan given back (the virus scanner was unreachable) is not tried again before this time. */
  scan_retry_at: string | null;
  /** Integrated loudness (EBU R128) the scan measured, in LUFS; null before the scan or for silence. */
  loudness_lufs: number | null;
  /** True peak the scan measured, in dBTP. */
  true_peak_dbtp: number | null;
}

export interface FileTables {
  files: FilesTable;
}
