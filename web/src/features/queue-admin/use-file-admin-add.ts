import { useRef } from "react";
import type { PresignUploadResponse } from "@common/files";
import type { SubmitResponse } from "@common/queue";
import { api } from "../../lib/api-client";
import { uploadWithProgress } from "../files";
import { type FileSubmission, toSubmission, useFileSubmission } from "../queue";
import { useAdminAdd } from "./api";

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
      // As the admin: an admin's add may upload while submissions are closed.
      const presign = await api.post<PresignUploadResponse>("files/presign-upload", {
        json: { filename: file.name, content_type: file.type, size: file.size || undefined },
        auth: "admin",
      });
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
