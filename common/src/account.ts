/** The account screens' sentences and timings (spec sections 2, 5, 8 and 9), written once. */

export const ACCOUNT_MESSAGES = {
  usernameAvailable: "Username is available",
  chooseAvailableUsername: "Please choose an available username",
  usernameCheckFailed: "Failed to check username availability",
  historyFailed: "Failed to load submission history",
  noHistory: "No submissions yet.",
  settingsSaved: "Settings saved",
  settingsFailed: "Failed to save settings",
  bioFailed: "Failed to save bio. Please try again.",
  missingTokens: "Missing authentication tokens",
  signInNotStartedHere: "This sign-in was not started in this browser. Please sign in again.",
  /** /auth/success signs in members only: a result of another `type` (an admin's) is not stored as a member session. */
  notAMemberSignIn: "This sign-in is not for a member account. Please sign in again.",
  authFailedToast: "Authentication failed. Please try again.",
  signedOut: "You are signed out.",
  submissionLinked: "Your guest submission is now linked to your account.",
} as const;

/** Timings of the account screens, in milliseconds. */
export const ACCOUNT_TIMINGS = {
  settingsAutosaveMs: 800,
  settingsSavedVisibleMs: 4000,
  usernameCheckDebounceMs: 500,
  authSuccessRedirectMs: 2500,
  authFailureRedirectMs: 3000,
  authErrorCountdownSeconds: 10,
  authErrorToastMs: 6000,
} as const;

/** Heights of the Google button sizes, in pixels. */
export const GOOGLE_BUTTON_HEIGHTS = { large: 40, medium: 32, small: 20 } as const;
export const GOOGLE_BUTTON_LABEL = "Sign in with Google";
