import { z } from "zod";

export const TEXT_MESSAGES = {
  controlCharacters: "Text may not contain control characters",
  illFormed: "Text must be well-formed Unicode",
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;

// Every control character (C0, DEL, C1): PostgreSQL cannot even store NUL, and none of them belongs
// in a name, a title or a link. Written as one character class so that a huge string is scanned once.
const SINGLE_LINE = /^[^\0-\x1F\x7F-\x9F]*$/;
// Multi-line text may also hold tabs and line breaks (\t, \n, \r).
const MULTI_LINE = /^[^\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]*$/;

/** True when `value` holds a character no text field accepts (line breaks and tabs count only if single-line). */
export const hasControlCharacters = (value: string, options: { multiline?: boolean } = {}) => !(options.multiline ? MULTI_LINE : SINGLE_LINE).test(value);

export interface TextFieldOptions {
  /** Longest accepted value, in UTF-16 code units, counted after trimming. */
  max: number;
  /** Allows tabs and line breaks (a note, a bio); other control characters are refused everywhere. */
  multiline?: boolean;
  /** Trims surrounding whitespace before the checks (the spec trims text inputs); default true. */
  trim?: boolean;
  /** Refuses a missing value and, after trimming, a blank one, with this message. */
  required?: string;
  /** Message for a missing value or one that is not a string; by default `required`'s. */
  missing?: string;
  /** Message for a value over `max`; by default one naming the limit. */
  tooLong?: string;
}

/**
 * The one way a string reaches the app: bounded, trimmed unless told otherwise, and free of control
 * characters. A missing or blank required value, then an over-long one, stop the checks there, so a
 * person reads one message and a megabyte of junk is not scanned further.
 */
export function textField(options: TextFieldOptions): z.ZodString {
  const missing = options.missing ?? options.required;
  let schema = missing ? z.string({ error: missing }) : z.string();
  if (options.trim !== false) schema = schema.trim();
  if (options.required) schema = schema.min(1, { error: options.required, abort: true });
  return schema
    .max(options.max, { error: options.tooLong ?? TEXT_MESSAGES.tooLong(options.max), abort: true })
    .regex(options.multiline ? MULTI_LINE : SINGLE_LINE, TEXT_MESSAGES.controlCharacters);
}

/** An optional text input where a blank value (or null) means "none": it becomes null. */
export const blankAsNull = (schema: z.ZodString) =>
  schema
    .nullable()
    .transform((v) => v || null)
    .optional();
