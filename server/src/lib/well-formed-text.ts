import { TEXT_MESSAGES } from "@common/text";
import { ValidationError, type ValidationIssue } from "./errors";

// In Unicode mode a surrogate pair is one code point, so only a lone surrogate is of category Cs.
const LONE_SURROGATE = /\p{Cs}/u;
const isWellFormed = (text: string) => !LONE_SURROGATE.test(text);

/** Parsed input (JSON, a form, a query): never a stream or any other object with a graph behind it. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Where the first string that is not well-formed Unicode (a lone UTF-16 surrogate, which JSON carries
 * as "\ud800") sits in `value`, as a `loc` path; null when every string, key included, is well formed.
 * The databases cannot keep such text: SQLite stores bytes that read back as something else,
 * PostgreSQL's driver replaces them.
 */
export function illFormedTextPath(value: unknown): (string | number)[] | null {
  // Iterative: a body may nest thousands of levels deep.
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === "string") {
      if (!isWellFormed(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: [...path, index] }));
    } else if (isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        if (!isWellFormed(key)) return [...path, key.replace(/\p{Cs}/gu, "\ufffd")];
        pending.push({ value: item, path: [...path, key] });
      }
    }
  }
  return null;
}

/** The 422 issue for ill-formed text at `loc`. */
export const illFormedTextIssue = (loc: (string | number)[]): ValidationIssue => ({ loc, msg: TEXT_MESSAGES.illFormed, type: "invalid_format" });

/** Throws the catalogue's 422 when `value` holds ill-formed text; `location` starts the `loc`. */
export function requireWellFormedText(value: unknown, location: string): void {
  const path = illFormedTextPath(value);
  if (path) throw new ValidationError([illFormedTextIssue([location, ...path])]);
}
