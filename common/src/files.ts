import { z } from "zod";
import { ALLOWED_AUDIO_EXTENSIONS, MAX_UPLOAD_BYTES } from "./limits";
import { MESSAGES } from "./messages";
import { FILE_SCAN_STATUSES } from "./queue";
import { textField } from "./text";
import { siteSchema } from "./site";

/** A stored file's key: opaque, never a path. Anything else (`../x`, `a/b`) is refused with 400. */
export const FILE_KEY_PATTERN = /^[0-9a-f]{32}$/;

/** Link of an entry whose file lives on this app's disk (the spec's "local upload path" kind). */
export const LOCAL_UPLOAD_PREFIX = "file:/uploads/";

/**
 * Link of an entry whose upload failed and whose submitter chose 'Proceed to Queue': the file will
 * come by e-mail. It is a local upload path with no key behind it, so it never has a scan status.
 */
export const PENDING_EMAIL_LINK = `${LOCAL_UPLOAD_PREFIX}pending-email`;

/** The kinds of link an entry can carry (spec section 3): external URL, stored object, local upload. */
export type LinkKind = "external" | "stored_object" | "local_upload" | "pending_email";

export function linkKind(link: string, storedObjectPrefix?: string): LinkKind {
  if (link === PENDING_EMAIL_LINK) return "pending_email";
  if (link.startsWith(LOCAL_UPLOAD_PREFIX)) return "local_upload";
  if (storedObjectPrefix && link.startsWith(storedObjectPrefix)) return "stored_object";
  return "external";
}

/** The key inside a local upload path, or null when the link is not one (or its key is not valid). */
export function keyFromLocalUploadLink(link: string): string | null {
  if (!link.startsWith(LOCAL_UPLOAD_PREFIX)) return null;
  const key = link.slice(LOCAL_UPLOAD_PREFIX.length);
  return FILE_KEY_PATTERN.test(key) ? key : null;
}

export const FILE_MESSAGES = {
  invalidKey: "Invalid file key",
  notFound: "File not found",
  scanPending: "File is still being scanned",
  scanFailed: (reason: string) => `File failed the scan: ${reason}`,
  deleted: "File is no longer kept",
  uploadUrlInvalid: "Upload link has expired or was already used",
  downloadNotAllowed: "Download link has expired or is not valid",
  notAllowedAudio: `Not an audio file of an allowed format (${ALLOWED_AUDIO_EXTENSIONS.join(", ")})`,
  damaged: (format: string) => `The ${format} file is truncated or damaged`,
  noDuration: "The audio duration could not be read",
  infected: (signature: string) => `Virus found: ${signature}`,
  scannerUnavailable: "The virus scan could not be completed",
  uploadFailed: "Upload failed. You can email the file to an address or try again",
  uploadFailedStatus: "Upload failed",
  scanning: "Scanning",
  scanned: "Scanned",
  scanError: "Error",
  scanUnavailable: "Unavailable",
  pendingEmailNote: "File upload failed: the file will be sent by e-mail.",
  /** 403: the file is another submitter's (its id or URL is public once an entry carries it). */
  notYourFile: "This file belongs to another submission",
  /** 429 (with Retry-After): this address's uploads waiting to be used or scanned are over its share. */
  tooManyPendingUploads: "Too many of your uploads are waiting to be used or scanned. Try again later.",
  /** 507 (with Retry-After): the uploads waiting from everyone together are over the server's limit. */
  storageFull: "Storage for uploads is full right now. Try again later.",
  filenameIsPath: "filename must be a file name, not a path",
  sizeInvalid: "size must be a whole number of bytes, at least 1",
  noFallbackEmail:
    "There is no address to e-mail files to here. Try Again, share the song as a link instead, or choose Proceed to Queue to keep your place and tell the host in the live chat how to get your file.",
} as const;

/** Status of the refusal when the uploads waiting from everyone fill the space set aside for them. */
export const STORAGE_FULL_STATUS = 507;

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot < 0 ? "" : filename.slice(dot + 1).toLowerCase();
}

/** The declared types of the five allowed formats, as browsers and operating systems name them. */
export const ALLOWED_AUDIO_TYPES = [
  "audio/mpeg",
  "audio/mp3",
  "audio/wav",
  "audio/x-wav",
  "audio/wave",
  "audio/vnd.wave",
  "audio/mp4",
  "audio/x-m4a",
  "audio/m4a",
  "audio/aac",
  "audio/x-aac",
  "audio/aacp",
  "audio/flac",
  "audio/x-flac",
] as const;

/**
 * The spec's file rules, checked by the form before an upload and by the server before it issues an
 * upload URL: at most 100 MB, one of the five formats by type or by extension (an .ogg, audio/ogg,
 * would only fail the scan later). The server checks the bytes themselves later; this only catches
 * honest mistakes early.
 */
export function checkAudioFile(file: { name: string; type: string; size?: number }): string | null {
  if (file.size !== undefined && file.size > MAX_UPLOAD_BYTES) return MESSAGES.fileTooLarge;
  const typeOk = (ALLOWED_AUDIO_TYPES as readonly string[]).includes(file.type.toLowerCase());
  const extensionOk = (ALLOWED_AUDIO_EXTENSIONS as readonly string[]).includes(extensionOf(file.name));
  return typeOk || extensionOk ? null : MESSAGES.unsupportedFormat;
}

/** Longest file name and declared type accepted: the usual file-system and header limits. */
export const FILENAME_MAX_LENGTH = 255;

/** POST files/presign-upload. */
export const presignUploadSchema = z.object({
  filename: textField({ max: FILENAME_MAX_LENGTH, required: "filename is required" }).regex(/^[^/\\]*$/, FILE_MESSAGES.filenameIsPath),
  content_type: textField({ max: FILENAME_MAX_LENGTH }).default(""),
  /** The file's size in bytes, when the client knows it: it reserves that much (else 100 MB) and the upload may not exceed it. */
  size: z
    .number({ error: FILE_MESSAGES.sizeInvalid })
    .int({ error: FILE_MESSAGES.sizeInvalid })
    .min(1, { error: FILE_MESSAGES.sizeInvalid })
    .max(MAX_UPLOAD_BYTES, { error: MESSAGES.fileTooLarge })
    .optional()
    .describe("The file's size in bytes (optional): the upload may not be larger"),
});
export type PresignUploadInput = z.infer<typeof presignUploadSchema>;

export const presignUploadResponseSchema = z.object({
  key: z.string(),
  /** Short-lived, single-use URL of this app to PUT the file's bytes to. */
  put_url: z.string().describe("Short-lived, single-use URL of this app to PUT the file's bytes to"),
  /** The stored-object reference an entry's `link` carries. */
  s3_url: z.string().describe("The stored-object reference an entry's link carries"),
  /** Seconds until put_url expires. */
  expires_in: z.number().int().describe("Seconds until put_url expires"),
});
export type PresignUploadResponse = z.infer<typeof presignUploadResponseSchema>;

/** Answer of PUT put_url: the file is stored and its scan has started. */
export const uploadReceiptSchema = z.object({
  key: z.string(),
  /** Bytes. */
  size: z.number().int(),
  status: z.enum(FILE_SCAN_STATUSES),
});
export type UploadReceipt = z.infer<typeof uploadReceiptSchema>;

/** GET files/presign?key= when the file is clean; any other state is an error status (400 = pending). */
export const filePresignResponseSchema = z.object({
  key: z.string(),
  status: z.literal("clean"),
  /** Where to fetch the bytes; signed (usable in an audio element) for admins. */
  url: z.string().describe("Where to fetch the bytes; signed (usable in an audio element) for admins"),
  content_type: z.string(),
  size: z.number().int(),
  duration_seconds: z.number().nullable(),
  /** Integrated loudness the scan measured (EBU R128, LUFS); null for silence or a file scanned before it was measured. */
  loudness_lufs: z.number().nullable().describe("Integrated loudness the scan measured (EBU R128, LUFS); null when unknown"),
  /** True peak the scan measured, dBTP. */
  true_peak_dbtp: z.number().nullable().describe("True peak the scan measured, dBTP; null when unknown"),
  /** Gain to play the file at so it reaches the host's target loudness, lowered so its true peak stays under -1 dBTP; 0 when unknown. */
  gain_db: z.number().describe("Gain in dB that brings the file to the target loudness, with its true peak kept under -1 dBTP; 0 when unknown"),
});
export type FilePresignResponse = z.infer<typeof filePresignResponseSchema>;

/** GET public-config: settings the web app needs before anyone signs in. */
export const publicConfigSchema = z.object({
  upload_fallback_email: z.string().nullable(),
  max_upload_bytes: z.number().int(),
  allowed_audio_extensions: z.array(z.string()).readonly(),
  site: siteSchema,
  /** Whether "Sign in with Twitch" is offered (the server has a Twitch app). */
  twitch_sign_in: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
