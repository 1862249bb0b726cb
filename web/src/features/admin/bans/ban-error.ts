import { isApiError } from "../../../lib/api-client";

/** The server's words for a refused ban: its detail, or the first field message of a 422. */
export function banErrorText(error: unknown): string {
  if (isApiError(error)) {
    const { detail } = error;
    if (typeof detail === "string") return detail;
    if (Array.isArray(detail) && typeof detail[0]?.msg === "string") return detail[0].msg as string;
  }
  return "Could not save the ban. Please try again.";
}
