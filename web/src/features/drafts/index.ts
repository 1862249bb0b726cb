/** Drafts as the rest of the app sees them: the draft modal's buttons and the disclaimer's send button. */
export { ClosedQueueDraftButton, DraftSubmissionButton, SendSavedDraftButton } from "./components/draft-buttons";
export { useSavedDraft } from "./use-saved-draft";
export { DraftDefaultsProvider } from "./draft-defaults";
