import { useRef } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { PresignUploadResponse } from "@common/files";
import type { Queuer, SubmitResponse } from "@common/queue";
import { api } from "../../lib/api-client";
import { useAdminAdd } from "../admin/queue/api";
import { toSubmission } from "../queue/submission-rules";
import { guestHeaders, queueKeys, rememberSubmission, useSubmitToQueue, useUpdateEntry } from "../queue/api";
import { uploadWithProgress } from "./upload-request";
import { formFor, useFileSubmission, type FileSubmission } from "./use-file-submission";

/** Join Queue with a file: POST queuer/upload-submission; without it (upload failed) POST queuer/. */
export function useFileJoin(onJoined: () => void): FileSubmission {
  const client = useQueryClient();
  const submitLink = useSubmitToQueue();
  return useFileSubmission({
    errorContext: "submit",
    send: async (values, onProgress) => {
      const answer = await uploadWithProgress<SubmitResponse>("queuer/upload-submission", formFor(values), { headers: guestHeaders(), onProgress });
      rememberSubmission(answer);
      await client.invalidateQueries({ queryKey: queueKeys.all });
    },
    sendWithoutFile: (submission) => submitLink.mutateAsync(submission),
    onDone: onJoined,
  });
}

/** Edit Submission with a new file: POST queuer/upload-update/{user_id}; without it PUT queuer/{user_id}. */
export function useFileUpdate(userId: string, onUpdated: () => void): FileSubmission {
  const client = useQueryClient();
  const update = useUpdateEntry();
  return useFileSubmission({
    errorContext: "update",
    send: async (values, onProgress) => {
      await uploadWithProgress<Queuer>(`queuer/upload-update/${encodeURIComponent(userId)}`, formFor(values), { headers: guestHeaders(userId), onProgress });
      await client.invalidateQueries({ queryKey: queueKeys.all });
    },
    sendWithoutFile: (submission) => update.mutateAsync({ userId, submission }),
    onDone: onUpdated,
  });
}

/**
 * The admin's Add with a file: files/presign-upload, a PUT of the bytes to the URL it gives, then
 * admin-post/ with the stored-object link (admin spec 7). Without the file, admin-post/ alone.
 */
export function useFileAdminAdd(onAdded: (answer: SubmitResponse) => void): FileSubmission {
  const add = useAdminAdd();
  const added = useRef<SubmitResponse | null>(null);
  return useFileSubmission({
    errorContext: "submit",
    send: async (values, onProgress) => {
      const file = values.file!;
      const presign = await api.post<PresignUploadResponse>("files/presign-upload", { json: { filename: file.name, content_type: file.type }, auth: "none" });
      await uploadWithProgress(presign.put_url, file, { method: "PUT", auth: "none", headers: file.type ? { "Content-Type": file.type } : {}, onProgress });
      added.current = await add.mutateAsync({ ...toSubmission(values), link: presign.s3_url });
    },
    sendWithoutFile: async (submission) => {
      added.current = await add.mutateAsync(submission);
    },
    onDone: () => {
      if (added.current) onAdded(added.current);
    },
  });
}
