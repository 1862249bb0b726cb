import { banInputSchema, type BanInput } from "@common/moderation";
import { isApiError } from "../../lib/api-client";

/** Where a refused ban's sentence goes: under the field it is about, else under the form. */
export type BanProblems = Partial<Record<"value" | "reason" | "form", string>>;

const fieldOf = (path: readonly unknown[]): "value" | "reason" | "form" => (path.includes("value") ? "value" : path.includes("reason") ? "reason" : "form");

/** The ban's own rules, checked before anything is sent: a blank value or reason is said under its field. */
export function banInputProblems(input: BanInput): BanProblems | null {
  const parsed = banInputSchema.safeParse(input);
  if (parsed.success) return null;
  const problems: BanProblems = {};
  for (const issue of parsed.error.issues) problems[fieldOf(issue.path)] ??= issue.message;
  return problems;
}

/** The server's words for a refused ban: its detail, or the first field message of a 422. */
export function banErrorText(error: unknown): string {
  if (isApiError(error)) {
    const { detail } = error;
    if (typeof detail === "string") return detail;
    if (Array.isArray(detail) && typeof detail[0]?.msg === "string") return detail[0].msg as string;
  }
  return "Could not save the ban. Please try again.";
}

/** A refused ban's sentence under the field its 422 loc names, else under the form. */
export function banProblemsOf(error: unknown): BanProblems {
  const loc: unknown = isApiError(error) && Array.isArray(error.detail) ? error.detail[0]?.loc : null;
  return { [fieldOf(Array.isArray(loc) ? loc : [])]: banErrorText(error) };
}
