import { z } from "zod";
import { INACTIVITY_TIMEOUT_MAX, INACTIVITY_TIMEOUT_MIN } from "./limits";
import { MESSAGES } from "./messages";

export const SETTING_NAMES = ["isQueueOn", "isSubmissionsOpen", "youtubeStreamLink", "inactivityTimeoutMinutes", "nextStreamStartAt"] as const;
export type SettingName = (typeof SETTING_NAMES)[number];

/** PUT set/{name} body: every setting travels as a string `state`. */
export const settingBodySchema = z.object({ state: z.union([z.string(), z.number(), z.boolean()]).transform(String) });

const booleanState = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === "true" || v === "false", "State must be true or false");

/** Validates and normalises the state string of one setting; returns the stored string. */
export const settingStateSchemas: Record<SettingName, z.ZodType<string, string>> = {
  isQueueOn: booleanState,
  /** With the queue on, "false" pauses new submissions: the queue status is then "busy". */
  isSubmissionsOpen: booleanState,
  youtubeStreamLink: z.string().trim().min(1, MESSAGES.streamLinkEmpty).max(2048),
  inactivityTimeoutMinutes: z
    .string()
    .trim()
    .refine((v) => /^\d+$/.test(v) && +v >= INACTIVITY_TIMEOUT_MIN && +v <= INACTIVITY_TIMEOUT_MAX, MESSAGES.inactivityTimeoutRange)
    .transform((v) => String(Number(v))),
  nextStreamStartAt: z
    .string()
    .trim()
    .refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.invalidDate)
    .transform((v) => new Date(v).toISOString()),
};

/** A setting name as it appears in a path; unknown names are a 404, not a validation error. */
export const isSettingName = (name: string): name is SettingName => (SETTING_NAMES as readonly string[]).includes(name);

export const settingRecordSchema = z.object({
  name: z.enum(SETTING_NAMES),
  state: z.string().nullable(),
});
export type SettingRecord = z.infer<typeof settingRecordSchema>;

export const SETTING_DEFAULTS: Record<SettingName, string | null> = {
  isQueueOn: "false",
  isSubmissionsOpen: "true",
  youtubeStreamLink: null,
  inactivityTimeoutMinutes: "60",
  nextStreamStartAt: null,
};
