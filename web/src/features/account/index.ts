/** The account feature as the rest of the app sees it: the account UI that fills the account slot, the signed-in member's data and the session. */
export { AccountProvider } from "./account-provider";
export { meQuery, myHistoryQuery, myStatsQuery, useUpdateMe, type MyHistoryArrangement } from "./api";
export { describeAuthError, safeLocalPath } from "./auth-errors";
export { useAutoFillDefaults } from "./autofill";
export { DraftSubmissionButton } from "./components/draft-submission-button";
export { storeSession, useSessionActions } from "./session";
export { beginRedirectSignIn, takeRedirectSignInProof } from "./redirect-proof";
