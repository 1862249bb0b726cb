import { ACCOUNT_MESSAGES } from "@common/account";
import { websiteUrlSchema, type MeUser, type UserPreferences } from "@common/users";
import type { UsernameStatus } from "./use-username-check";

export interface SettingsValues {
  username: string;
  display_name: string;
  location: string;
  website_url: string;
  email_notifications: boolean;
  public_profile: boolean;
}

export interface AutoFillFormValues {
  default_artist_name: string;
  default_youtube_username: string;
  auto_fill_artist: boolean;
}

type Me = Pick<MeUser, "username" | "display_name" | "location" | "website_url" | "default_artist_name" | "default_youtube_username" | "preferences">;

export function settingsFrom(me: Me): SettingsValues {
  return {
    username: me.username,
    display_name: me.display_name,
    location: me.location ?? "",
    website_url: me.website_url ?? "",
    email_notifications: me.preferences.email_notifications,
    public_profile: me.preferences.public_profile,
  };
}

export function autoFillFrom(me: Me): AutoFillFormValues {
  return {
    default_artist_name: me.default_artist_name ?? "",
    default_youtube_username: me.default_youtube_username ?? "",
    auto_fill_artist: me.preferences.auto_fill_artist,
  };
}

// The server trims text and stores blanks as null; compare the same way so a saved value is not sent again.
const same = (typed: string, saved: string | null) => typed.trim() === (saved ?? "");

function preferencesPatch(me: Me, wanted: Partial<UserPreferences>): Partial<UserPreferences> | null {
  const changed = Object.entries(wanted).filter(([key, value]) => me.preferences[key as keyof UserPreferences] !== value);
  return changed.length ? (Object.fromEntries(changed) as Partial<UserPreferences>) : null;
}

export interface SettingsPatch {
  patch: Record<string, unknown>;
  /** Per-field reasons a change is held back. */
  problems: Partial<Record<keyof SettingsValues, string>>;
}

/**
 * What the Settings tab should send: the fields that differ from the saved profile and can be saved.
 * A new username goes only once it was checked as available ('Please choose an available username').
 */
export function settingsPatch(values: SettingsValues, me: Me, usernameStatus: UsernameStatus): SettingsPatch {
  const patch: Record<string, unknown> = {};
  const problems: SettingsPatch["problems"] = {};
  if (values.username !== me.username) {
    if (usernameStatus === "available") patch.username = values.username;
    else if (usernameStatus !== "checking") problems.username = ACCOUNT_MESSAGES.chooseAvailableUsername;
  }
  if (!same(values.display_name, me.display_name) && values.display_name.trim()) patch.display_name = values.display_name.trim();
  if (!same(values.location, me.location)) patch.location = values.location.trim();
  if (!same(values.website_url, me.website_url)) {
    const website = websiteUrlSchema.safeParse(values.website_url);
    if (website.success) patch.website_url = website.data;
    else problems.website_url = website.error.issues[0]?.message;
  }
  const preferences = preferencesPatch(me, { email_notifications: values.email_notifications, public_profile: values.public_profile });
  if (preferences) patch.preferences = preferences;
  return { patch, problems };
}

/** What the Auto-Fill tab should send. */
export function autoFillPatch(values: AutoFillFormValues, me: Me): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  if (!same(values.default_artist_name, me.default_artist_name)) patch.default_artist_name = values.default_artist_name.trim();
  if (!same(values.default_youtube_username, me.default_youtube_username)) patch.default_youtube_username = values.default_youtube_username.trim();
  const preferences = preferencesPatch(me, { auto_fill_artist: values.auto_fill_artist });
  if (preferences) patch.preferences = preferences;
  return patch;
}
