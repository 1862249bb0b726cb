import { useState, type ReactNode } from "react";
import { errorMessage } from "@common/error-catalogue";
import { FILE_MESSAGES, PENDING_EMAIL_LINK } from "@common/files";
import type { NormalizedSubmission } from "@common/queue";
import { isApiError } from "../../lib/api-client";
import { AudioFileField, IDLE_UPLOAD, UploadFailureDialog, type UploadProgress } from "../files";
import type { FileFieldRenderer } from "./components/entry-form";
import { toSubmission, type EntryFormValues } from "./entry-rules";

export interface FileSubmissionOptions {
  errorContext: "submit" | "update";
  /** Sends the entry with its file; reports the bytes sent. */
  send: (values: EntryFormValues, onProgress: (fraction: number) => void) => Promise<unknown>;
  /** Sends the entry without its file, its link marked as coming by e-mail. */
  sendWithoutFile: (submission: NormalizedSubmission, values: EntryFormValues) => Promise<unknown>;
  /** After either one succeeded. */
  onDone: () => void;
}

export interface FileSubmission {
  /** For EntryForm's `fileField`. */
  fileField: FileFieldRenderer;
  /** Uploads the form's file; resolves once queued or once the failure dialog is shown; throws the queue's refusals. */
  submit: (values: EntryFormValues) => Promise<void>;
  /** Render it next to the form. */
  failureDialog: ReactNode;
  /** Bytes are being sent, also by a Try again the form did not start: for EntryForm's `busy`. */
  uploading: boolean;
}

/** A failure of the upload itself (connection, size, server), as opposed to the queue refusing the entry. */
const isUploadFailure = (error: unknown) => isApiError(error) && (error.network || error.status === 413 || error.status >= 500);

/** The multipart body of upload-submission and upload-update: the entry's fields and its file. */
export function formFor(values: EntryFormValues): FormData {
  const { link: _none, ...fields } = toSubmission(values);
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (values.file) form.append("file", values.file, values.file.name);
  return form;
}

/** The entry that joins without its file: the note says the file comes by e-mail. */
function withoutFile(values: EntryFormValues): NormalizedSubmission {
  const note = [FILE_MESSAGES.pendingEmailNote, values.message.trim()].filter(Boolean).join(" ");
  return toSubmission({ ...values, link: PENDING_EMAIL_LINK, message: note });
}

/**
 * The file side of the submission and edit forms: the picker with its progress, the upload, and the
 * spec's failure dialog (Proceed to Queue without the file, or Try again).
 */
export function useFileSubmission(options: FileSubmissionOptions): FileSubmission {
  const [progress, setProgress] = useState<UploadProgress>(IDLE_UPLOAD);
  const [failed, setFailed] = useState<EntryFormValues | null>(null);
  const [retryProblem, setRetryProblem] = useState<string | null>(null);

  async function submit(values: EntryFormValues): Promise<void> {
    setRetryProblem(null);
    setProgress({ state: "uploading", fraction: 0 });
    try {
      await options.send(values, (fraction) => setProgress({ state: "uploading", fraction }));
    } catch (error) {
      if (!isUploadFailure(error)) {
        setProgress(IDLE_UPLOAD);
        throw error;
      }
      setProgress({ state: "error", fraction: 0 });
      setFailed(values);
      return;
    }
    setProgress({ state: "success", fraction: 1 });
    options.onDone();
  }

  const retry = () => {
    const values = failed;
    setFailed(null);
    if (values) submit(values).catch((error: unknown) => setRetryProblem(errorMessage(error, options.errorContext)));
  };

  const proceed = async () => {
    if (!failed) return;
    await options.sendWithoutFile(withoutFile(failed), failed);
    setFailed(null);
    setProgress(IDLE_UPLOAD);
    options.onDone();
  };

  return {
    submit,
    uploading: progress.state === "uploading",
    fileField: (props) => <AudioFileField {...props} progress={progress} notice={retryProblem} />,
    failureDialog: <UploadFailureDialog opened={failed !== null} onClose={() => setFailed(null)} onRetry={retry} onProceed={proceed} errorContext={options.errorContext} />,
  };
}
