import { useState } from "react";
import { Divider, Stack, Switch, TextInput } from "@mantine/core";
import { DISPLAY_NAME_MAX_LENGTH, LOCATION_MAX_LENGTH, WEBSITE_MAX_LENGTH, type MeUser } from "@common/users";
import { useUpdateMe } from "../api";
import { settingsFrom, settingsPatch, type SettingsValues } from "../settings-patch";
import { useAutosave } from "../use-autosave";
import { useUsernameCheck } from "../use-username-check";
import { AccountDataSection } from "./account-data-section";
import { AccountSecuritySection } from "./account-security-section";
import { AutosaveStatus } from "./autosave-status";
import { UsernameField } from "./username-field";
import { bindTextFields } from "../../../lib/bind-text-fields";

/** Username, display name, location, website and the two preferences (saved 800 ms after the last change); then password, sessions and the member's data. */
export function SettingsTab({ me }: { me: MeUser }) {
  const [values, setValues] = useState<SettingsValues>(() => settingsFrom(me));
  const update = useUpdateMe();
  const check = useUsernameCheck(values.username, me.username);
  const { patch, problems } = settingsPatch(values, me, check.status);
  const state = useAutosave(patch, (body) => update.mutateAsync(body));
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const field = bindTextFields(values, set);

  return (
    <Stack gap="sm">
      <UsernameField value={values.username} onChange={(value) => set("username", value)} check={check} problem={problems.username} />
      <TextInput
        label="Display name"
        {...field("display_name")}
        maxLength={DISPLAY_NAME_MAX_LENGTH}
        error={values.display_name.trim() ? undefined : "Display name cannot be empty"}
      />
      <TextInput label="Location" placeholder="City, country" {...field("location")} maxLength={LOCATION_MAX_LENGTH} />
      <TextInput label="Website" placeholder="https://…" type="url" {...field("website_url")} maxLength={WEBSITE_MAX_LENGTH} error={problems.website_url} />
      <Switch
        label="Public profile"
        description="Show my profile, stats and history in the community"
        checked={values.public_profile}
        onChange={(e) => set("public_profile", e.currentTarget.checked)}
      />
      <Switch
        label="E-mail notifications"
        description="Tell me by e-mail when my track is played"
        checked={values.email_notifications}
        onChange={(e) => set("email_notifications", e.currentTarget.checked)}
      />
      <AutosaveStatus state={state} />
      <Divider my="xs" />
      <AccountSecuritySection me={me} />
      <Divider my="xs" />
      <AccountDataSection me={me} />
    </Stack>
  );
}
