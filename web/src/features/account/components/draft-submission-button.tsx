/** The account modal's Draft Submission link opens the drafts feature's modal. */
export { DraftSubmissionButton } from "../../drafts";
