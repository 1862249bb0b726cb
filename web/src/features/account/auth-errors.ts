/** What /auth/error says for each sign-in error code (spec section 8). */

export interface AuthErrorView {
  code: string;
  title: string;
  message: string;
  /** What the person can do about it. */
  hint: string;
  /** False for errors another attempt cannot fix: no Try Again button. */
  retryable: boolean;
}

interface Entry {
  title: string;
  message: string | null;
  hint: string;
  retryable: boolean;
  /** The server's description says more than our general sentence (e.g. 'not configured on this server'). */
  preferDescription?: boolean;
}

const DEFAULT_MESSAGE = "Authentication failed";
const TRY_AGAIN = "Please try signing in again.";

const ENTRIES: Record<string, Entry> = {
  access_denied: {
    title: "Access Denied",
    message: "You cancelled the Google sign-in process",
    hint: "To sign in with Google, try again and allow access when Google asks.",
    retryable: true,
  },
  invalid_request: { title: "Invalid Request", message: "The sign-in request was not valid.", hint: TRY_AGAIN, retryable: true, preferDescription: true },
  unauthorized_client: {
    title: "Sign-in Not Available",
    message: "This site is not allowed to use Google sign-in.",
    hint: "This needs fixing on our side. Please contact support, or sign in with your username and password.",
    retryable: false,
  },
  unsupported_response_type: {
    title: "Sign-in Not Available",
    message: "Google sign-in is set up incorrectly for this site.",
    hint: "This needs fixing on our side. Please contact support, or sign in with your username and password.",
    retryable: false,
  },
  invalid_scope: { title: "Permission Problem", message: "The sign-in asked for permissions Google would not grant.", hint: TRY_AGAIN, retryable: true },
  server_error: { title: "Server Error", message: "Google sign-in had a problem on the server.", hint: TRY_AGAIN, retryable: true, preferDescription: true },
  temporarily_unavailable: {
    title: "Service Temporarily Unavailable",
    message: "Google sign-in is busy right now.",
    hint: "Please try again in a few minutes.",
    retryable: true,
  },
  invalid_state: {
    title: "Security Error",
    message: "The sign-in request expired or is invalid.",
    hint: "For your safety the request was stopped. Start the sign-in again from this site.",
    retryable: true,
  },
  oauth_failed: { title: "Sign-in Failed", message: null, hint: TRY_AGAIN, retryable: true },
  internal_error: {
    title: "Something Went Wrong",
    message: "Something went wrong on our side while signing you in.",
    hint: TRY_AGAIN,
    retryable: true,
    preferDescription: true,
  },
};

const clean = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/** The view for an error code; unknown codes show the description or detail ('Authentication failed' without either). */
export function describeAuthError(code: string | null, description?: string | null, detail?: string | null): AuthErrorView {
  const known = code ? ENTRIES[code] : undefined;
  const said = clean(description);
  const more = clean(detail);
  if (!known) {
    return { code: code ?? "unknown", title: "Authentication Failed", message: said ?? more ?? DEFAULT_MESSAGE, hint: TRY_AGAIN, retryable: true };
  }
  const message = code === "oauth_failed" ? (more ?? said ?? DEFAULT_MESSAGE) : ((known.preferDescription ? said : null) ?? known.message ?? said ?? DEFAULT_MESSAGE);
  return { code: code as string, title: known.title, message, hint: known.hint, retryable: known.retryable };
}

/** A redirect target on this site only (a path), else null. */
export function safeLocalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return /[\u0000-\u001f\\]/.test(value) ? null : value;
}
