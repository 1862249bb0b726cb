import { z } from "zod";
import { STREAM_TIME_ZONE } from "./admin";
import { LINK_MAX_LENGTH } from "./limits";
import { textField } from "./text";

/**
 * The host's own site: name, channels, contact address, footer line, accent colour and the time zone
 * the host types times in. Set at run time on the Settings page (PUT set/{name}); read by everyone
 * through GET public-config.
 */
export const SITE_SETTING_NAMES = ["siteName", "socialLinks", "contactEmail", "footerText", "accentColor", "hostTimeZone"] as const;
export type SiteSettingName = (typeof SITE_SETTING_NAMES)[number];

export const SITE_NAME_MAX_LENGTH = 60;
export const FOOTER_TEXT_MAX_LENGTH = 200;
export const SOCIAL_LINKS_MAX = 8;
export const SOCIAL_LABEL_MAX_LENGTH = 30;
const EMAIL_MAX_LENGTH = 254;
const TIME_ZONE_MAX_LENGTH = 64;
// Room for the links, their labels and a line break each; each line is checked on its own below.
const SOCIAL_LINKS_TEXT_MAX_LENGTH = SOCIAL_LINKS_MAX * (SOCIAL_LABEL_MAX_LENGTH + LINK_MAX_LENGTH + 2);

export const DEFAULT_SITE_NAME = "LiveQueue";
/** The footer line when the host wrote none; the spec's copyright year. */
export const defaultFooterText = (siteName: string) => `© 2025 ${siteName}. All rights reserved.`;

export const SITE_MESSAGES = {
  siteNameRequired: "Site name cannot be empty",
  siteNameTooLong: `Site name must be at most ${SITE_NAME_MAX_LENGTH} characters`,
  footerTooLong: `Footer text must be at most ${FOOTER_TEXT_MAX_LENGTH} characters`,
  contactEmailInvalid: "Contact address must be an e-mail address like host@example.com",
  accentColorInvalid: "Accent colour must be a hex colour like #7048e8",
  timeZoneInvalid: "Time zone must be a place name like America/New_York",
  socialLinksTooMany: `At most ${SOCIAL_LINKS_MAX} social links`,
  socialLinksTooLong: "Social links are too long",
  socialLinkLine: (line: number) => `Social link ${line}: write a label, a space, then an http:// or https:// link`,
  socialLabelTooLong: (line: number) => `Social link ${line}: the label must be at most ${SOCIAL_LABEL_MAX_LENGTH} characters`,
} as const;

export interface SocialLink {
  label: string;
  url: string;
}

/** One line of the social links setting: a label, whitespace, then the link (the last word). */
function parseSocialLine(line: string): SocialLink | null {
  const match = /^(.+?)\s+(\S+)$/.exec(line.trim());
  if (!match) return null;
  const label = match[1]!;
  const url = match[2]!;
  if (!/^https?:\/\//i.test(url) || url.length > LINK_MAX_LENGTH || !URL.canParse(url)) return null;
  return { label: label.trim(), url };
}

/** The stored social links setting as links; lines that do not read as one are left out. */
export function parseSocialLinks(state: string | null | undefined): SocialLink[] {
  return (state ?? "")
    .split("\n")
    .filter((line) => line.trim())
    .map(parseSocialLine)
    .filter((link): link is SocialLink => link !== null);
}

const socialLinksState = textField({ max: SOCIAL_LINKS_TEXT_MAX_LENGTH, multiline: true, tooLong: SITE_MESSAGES.socialLinksTooLong }).transform((text, context) => {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length > SOCIAL_LINKS_MAX) context.addIssue({ code: "custom", message: SITE_MESSAGES.socialLinksTooMany });
  lines.forEach((line, index) => {
    const link = parseSocialLine(line);
    if (!link) context.addIssue({ code: "custom", message: SITE_MESSAGES.socialLinkLine(index + 1) });
    else if (link.label.length > SOCIAL_LABEL_MAX_LENGTH) context.addIssue({ code: "custom", message: SITE_MESSAGES.socialLabelTooLong(index + 1) });
  });
  return lines.map((line) => line.replace(/\s+/g, " ")).join("\n");
});

/** True for a time zone this runtime knows (an IANA name such as Europe/London). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.includes("/") || zone === "UTC";
  } catch {
    return false;
  }
}

/** Validates and normalises each site setting's state string (the stored text); "" means unset. */
export const siteStateSchemas: Record<SiteSettingName, z.ZodType<string, string>> = {
  siteName: textField({ max: SITE_NAME_MAX_LENGTH, required: SITE_MESSAGES.siteNameRequired, tooLong: SITE_MESSAGES.siteNameTooLong }),
  socialLinks: socialLinksState,
  contactEmail: textField({ max: EMAIL_MAX_LENGTH, tooLong: SITE_MESSAGES.contactEmailInvalid }).refine(
    (v) => v === "" || z.email().safeParse(v).success,
    SITE_MESSAGES.contactEmailInvalid,
  ),
  footerText: textField({ max: FOOTER_TEXT_MAX_LENGTH, tooLong: SITE_MESSAGES.footerTooLong }),
  accentColor: textField({ max: 7, tooLong: SITE_MESSAGES.accentColorInvalid })
    .toLowerCase()
    .refine((v) => v === "" || /^#[0-9a-f]{6}$/.test(v), SITE_MESSAGES.accentColorInvalid),
  hostTimeZone: textField({ max: TIME_ZONE_MAX_LENGTH, required: SITE_MESSAGES.timeZoneInvalid, tooLong: SITE_MESSAGES.timeZoneInvalid }).refine(
    isTimeZone,
    SITE_MESSAGES.timeZoneInvalid,
  ),
};

/** Nothing shown that the host did not set: no links, no contact address, the default name and colour. */
export const SITE_DEFAULTS: Record<SiteSettingName, string> = {
  siteName: DEFAULT_SITE_NAME,
  socialLinks: "",
  contactEmail: "",
  footerText: "",
  accentColor: "",
  hostTimeZone: STREAM_TIME_ZONE,
};

/** GET public-config's `site`: what every page shows of the host's site. */
export const siteSchema = z.object({
  name: z.string(),
  social_links: z.array(z.object({ label: z.string(), url: z.string() })),
  contact_email: z.string().nullable().describe("Null when the host set none: no contact link is shown"),
  footer_text: z.string(),
  accent_color: z.string().nullable().describe("#rrggbb, or null for the app's own colour"),
  time_zone: z.string().describe("IANA time zone the host enters times in; America/New_York unless set"),
});
export type Site = z.infer<typeof siteSchema>;

/** The site as the settings store holds it (name to state), for the wire. */
export function presentSite(get: (name: SiteSettingName) => string | null): Site {
  const name = get("siteName") || DEFAULT_SITE_NAME;
  return {
    name,
    social_links: parseSocialLinks(get("socialLinks")),
    contact_email: get("contactEmail") || null,
    footer_text: get("footerText") || defaultFooterText(name),
    accent_color: get("accentColor") || null,
    time_zone: get("hostTimeZone") || STREAM_TIME_ZONE,
  };
}
