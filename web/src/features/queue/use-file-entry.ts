import { useQueryClient } from "@tanstack/react-query";
import type { Entry, SubmitResponse } from "@common/queue";
import { uploadWithProgress } from "../files";
import { guestHeaders } from "../../lib/guest-headers";
import { fastPassHeaders, keepEntry, rememberSubmission, useSubmitToQueue, useUpdateEntry } from "./api";
import { formFor, useFileSubmission, type FileSubmission } from "./use-file-submission";

/** Join Queue with a file: POST queuer/upload-submission; without it (upload failed) POST queuer/. */
export function useFileJoin(onJoined: () => void): FileSubmission {
  const client = useQueryClient();
  const submitLink = useSubmitToQueue();
  return useFileSubmission({
    errorContext: "submit",
    send: async (values, onProgress) => {
      const headers = { ...guestHeaders(), ...fastPassHeaders(values.fastPassLevel) };
      const answer = await uploadWithProgress<SubmitResponse>("queuer/upload-submission", formFor(values), { headers, onProgress });
      rememberSubmission(answer);
      keepEntry(client, answer.queuer);
    },
    sendWithoutFile: (submission, values) => submitLink.mutateAsync({ ...submission, fastPassLevel: values.fastPassLevel }),
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
      keepEntry(client, await uploadWithProgress<Entry>(`queuer/upload-update/${encodeURIComponent(userId)}`, formFor(values), { headers: guestHeaders(userId), onProgress }));
    },
    sendWithoutFile: (submission) => update.mutateAsync({ userId, submission }),
    onDone: onUpdated,
  });
}
