import { INACTIVITY_TIMEOUT_MAX, INACTIVITY_TIMEOUT_MIN, PASSWORD_MIN_LENGTH } from "./limits";

/** Every user-facing sentence that both the server and the web app use, written once. */
export const MESSAGES = {
  queueClosed: "Queue is closed. Try again when it opens.",
  alreadyInQueue: "You already have a submission in the queue",
  duplicateLink: "This link is already in the queue",
  artistAndTitleRequired: "Artist name and track title are required",
  linkRequired: "Song link is required when not using file submission",
  /** The spec's 422 text for any refused link: not http(s), a private or loopback address, or malformed. */
  invalidLink: "Invalid link format. For file submissions, please use the File option.",
  submitterBanned: "You can't submit to this queue: the host has banned you.",
  linkBanned: "This song can't be submitted: the host has banned this link.",
  /** The host's limit of submissions per person per stream (since the queue last opened) is used up. */
  submissionLimitReached: (limit: number) => `You've sent ${limit === 1 ? "1 song" : `${limit} songs`} this stream, the most the host allows. Try again next stream.`,
  /** A song (an upload's scanned length, a link's looked-up length) over the host's limit; lengths as "m:ss". */
  removedTooLong: "Your song is longer than the host takes, so it left the queue. You can send a shorter one.",
  songTooLong: (length: string, limit: string) => `This song is ${length} long; the host takes songs up to ${limit}. Please send a shorter one.`,
  blockedWord: "The artist name, title or note has a word the host doesn't allow. Please change it and try again.",
  chooseAudioFile: "Please choose an audio file to upload",
  malformedUpload: "The upload was cut off or is not valid form data. Please try again.",
  fileTooLarge: "File is too large",
  unsupportedFormat: "Unsupported file format",
  notInQueue: "Not in queue",
  entryNotFound: "Submission not found",
  notYourEntry: "You can only change your own submission",
  notYourCheckIn: "Only the submitter can check in for this submission",
  guestSecretInvalid: "Guest credential is not valid",
  adminInactive: "Admin account is not active. Please contact a super admin to activate your account.",
  notAuthenticated: "Not authenticated",
  invalidCredentials: "Incorrect username or password",
  invalidToken: "Could not validate credentials",
  adminOnly: "Admin access required",
  streamLinkEmpty: "Stream link cannot be empty",
  inactivityTimeoutRange: `Timeout must be between ${INACTIVITY_TIMEOUT_MIN} and ${INACTIVITY_TIMEOUT_MAX} minutes (${INACTIVITY_TIMEOUT_MAX / 60} hours)!`,
  invalidDate: "Invalid date",
  queueOpen: "Queue is now OPEN",
  queueClosedNotice: "Queue is now CLOSED",
  notFound: "Not Found",
  tooManyRequests: "Too many requests",
  serverError: "Internal server error",
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  usernameOrEmailRequired: "Username or email is required",
  passwordRequired: "Password is required",
  usernameTaken: "Username is already taken",
  emailTaken: "Email is already registered",
  profileNotFound: "Profile not found or private.",
  releasedFromHold: "Welcome back! Your submission is back in the queue.",
} as const;

export type MessageKey = keyof typeof MESSAGES;
