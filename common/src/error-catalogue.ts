/** The error catalogue of the spec (section 8): what a person reads when a call fails. */

export const ERROR_TEXT = {
  network: "Cannot reach the server",
  notFound: "API endpoint not found",
  methodNotAllowed: "Method not allowed",
  validationPrefix: "Validation error: ",
  validationFallback: "Validation error: Please check your input and try again",
  adminValidationFallback: "Please check your input and try again",
  invalidLink: "Invalid link format. For file submissions, please use the File option.",
  badRequest: "Invalid request. Please check your submission.",
  serverError: "Server error. Please try again...",
  submitFailed: "Submission failed",
  submitConnection: "Connection failed!",
  updateConnection: "Connection failed! Please try again.",
  loginFailedPrefix: "Login/Registration failed: ",
  googleFailed: "Google sign-in failed. Please try again.",
  googleCancelled: "Google sign-in was cancelled or failed",
  requestFailed: "Request failed",
  unexpected: "Something went wrong. Please try again.",
  noRefreshToken: "No refresh token",
  noAdminRefreshToken: "No admin refresh token",
  leaveFailed: "Failed to leave queue!",
  overviewFailed: "Failed to load queue overview",
  positionUnavailable: "Position unavailable",
  liveFailed: "Failed to load live stream",
} as const;

/** Where the failure happened; a few rows of the catalogue depend on it. */
export type ErrorContext = "default" | "submit" | "update" | "login" | "google";

/** The parts of a failed call the catalogue reads. `status` 0 (or absent with `network`) means no answer. */
export interface CatalogueInput {
  status?: number;
  detail?: unknown;
  /** Seconds, from the Retry-After header. */
  retryAfter?: number | null;
  /** Seconds, from the body of a 429. */
  retry_after?: unknown;
  network?: boolean;
  message?: string;
  /** A back-office call (sent with the admin token): its 422 reads without the 'Validation error: ' prefix (admin spec section 5). */
  admin?: boolean;
}

interface ValidationIssue {
  loc?: unknown;
  msg?: unknown;
}

function firstIssue(detail: unknown): ValidationIssue | null {
  if (!Array.isArray(detail) || detail.length === 0) return null;
  const first: unknown = detail[0];
  return first && typeof first === "object" ? (first as ValidationIssue) : null;
}

function validationMessage(detail: unknown, admin: boolean): string {
  const prefix = admin ? "" : ERROR_TEXT.validationPrefix;
  const issue = firstIssue(detail);
  if (issue) {
    if (Array.isArray(issue.loc) && issue.loc.some((part) => typeof part === "string" && part.includes("link"))) {
      return ERROR_TEXT.invalidLink;
    }
    if (typeof issue.msg === "string" && issue.msg.trim()) return prefix + issue.msg;
  }
  if (typeof detail === "string" && detail.trim()) return prefix + detail;
  return admin ? ERROR_TEXT.adminValidationFallback : ERROR_TEXT.validationFallback;
}

function rateLimitMessage(error: CatalogueInput): string {
  const seconds = [error.retryAfter, error.retry_after].map(Number).find((value) => Number.isFinite(value) && value > 0);
  const wait = seconds === undefined ? "a moment" : `~${Math.ceil(seconds)}s`;
  return `You're sending requests too fast. Please wait ${wait} and try again`;
}

function isCatalogueInput(error: unknown): error is CatalogueInput {
  return !!error && typeof error === "object" && ("status" in error || "network" in error);
}

function contextFallback(context: ErrorContext, message: string | undefined): string {
  switch (context) {
    case "submit":
      return ERROR_TEXT.submitFailed;
    case "update":
      return ERROR_TEXT.updateConnection;
    case "login":
      return ERROR_TEXT.loginFailedPrefix + (message || ERROR_TEXT.requestFailed);
    case "google":
      return ERROR_TEXT.googleFailed;
    default:
      return message || ERROR_TEXT.unexpected;
  }
}

function networkMessage(context: ErrorContext): string {
  if (context === "submit") return ERROR_TEXT.submitConnection;
  if (context === "update") return ERROR_TEXT.updateConnection;
  if (context === "google") return ERROR_TEXT.googleFailed;
  return ERROR_TEXT.network;
}

/**
 * The one sentence to show for a failure. Accepts an ApiError-like object ({status, detail, retryAfter,
 * network}) or anything thrown; statuses map as the catalogue says, in every context.
 */
export function errorMessage(error: unknown, context: ErrorContext = "default"): string {
  if (!isCatalogueInput(error)) {
    const message = error instanceof Error ? error.message : typeof error === "string" ? error : undefined;
    if (message && /network ?error|failed to fetch/i.test(message)) return networkMessage(context);
    if (context === "submit") return ERROR_TEXT.submitConnection;
    return contextFallback(context, message);
  }
  const status = error.status ?? 0;
  if (error.network || status === 0) return networkMessage(context);
  const detail = error.detail;
  const detailText = typeof detail === "string" && detail.trim() ? detail : null;
  if (status === 404) return ERROR_TEXT.notFound;
  if (status === 405) return ERROR_TEXT.methodNotAllowed;
  if (status === 422) return validationMessage(detail, error.admin === true);
  if (status === 400) return detailText ?? ERROR_TEXT.badRequest;
  if (status === 429) return rateLimitMessage(error);
  if (status >= 500) return ERROR_TEXT.serverError;
  if (detailText) return detailText;
  return contextFallback(context, error.message);
}
