import { z } from "zod";

export const CLIENT_EVENT_NAME_MAX = 64;
/** The props of one event, as JSON, at most this many bytes. */
export const CLIENT_EVENT_PROPS_MAX_BYTES = 2048;
/** The host's table covers this many days by default, and at most this many. */
export const CLIENT_EVENT_DAYS_DEFAULT = 14;
export const CLIENT_EVENT_DAYS_MAX = 90;

export const CLIENT_EVENT_MESSAGES = {
  eventRequired: "An event name is required",
  eventFormat: "Event names are 1 to 64 letters, digits, and . _ : -",
  propsTooLarge: "Event props must be at most 2 KB",
  propsFlat: "Event props must be a flat object of short texts, numbers, booleans or null",
  propsPersonal: "Event props must not hold e-mail addresses",
  tsFormat: "ts must be an ISO date-time or a number of milliseconds",
} as const;

const propValue = z.union([z.string().max(256), z.number(), z.boolean(), z.null()], { error: CLIENT_EVENT_MESSAGES.propsFlat });

/** POST analytics/events: a product event from the web app; only the signed-in user's id is kept with it. */
export const clientEventSchema = z.object({
  event: z.string({ error: CLIENT_EVENT_MESSAGES.eventRequired }).regex(/^[\w.:-]{1,64}$/, CLIENT_EVENT_MESSAGES.eventFormat),
  props: z
    .record(z.string().max(64), propValue, { error: CLIENT_EVENT_MESSAGES.propsFlat })
    .default({})
    .refine((props) => new TextEncoder().encode(JSON.stringify(props)).length <= CLIENT_EVENT_PROPS_MAX_BYTES, CLIENT_EVENT_MESSAGES.propsTooLarge)
    .refine((props) => !Object.values(props).some((value) => typeof value === "string" && /[^\s@]+@[^\s@]+\.[^\s@]+/.test(value)), CLIENT_EVENT_MESSAGES.propsPersonal),
  ts: z
    .union([z.iso.datetime({ offset: true, error: CLIENT_EVENT_MESSAGES.tsFormat }), z.number({ error: CLIENT_EVENT_MESSAGES.tsFormat }).int().min(0).max(8.64e15)], {
      error: CLIENT_EVENT_MESSAGES.tsFormat,
    })
    .optional(),
});
export type ClientEventInput = z.infer<typeof clientEventSchema>;

export const clientEventAcceptedSchema = z.object({ accepted: z.literal(true) });

export const clientEventDailyQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(CLIENT_EVENT_DAYS_MAX).default(CLIENT_EVENT_DAYS_DEFAULT),
});

/** GET analytics/events/daily: how many times each event was sent, per UTC day, newest day first. */
export const clientEventDailyCountSchema = z.object({ day: z.string(), event: z.string(), count: z.number().int() });
export const clientEventDailySchema = z.array(clientEventDailyCountSchema);
export type ClientEventDailyCount = z.infer<typeof clientEventDailyCountSchema>;
