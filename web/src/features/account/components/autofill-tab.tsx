import { useState } from "react";
import { Stack, Switch, Text, TextInput } from "@mantine/core";
import { TEXT_FIELD_MAX_LENGTH } from "@common/limits";
import type { MeUser } from "@common/users";
import { useUpdateMe } from "../api";
import { autoFillFrom, autoFillPatch, type AutoFillFormValues } from "../settings-patch";
import { useAutosave } from "../use-autosave";
import { AutosaveStatus } from "./autosave-status";
import { bindTextFields } from "../../../lib/bind-text-fields";

/** The fields that can fill themselves in when joining the queue. */
export function AutoFillFields({ values, onChange }: { values: AutoFillFormValues; onChange: (values: AutoFillFormValues) => void }) {
  const field = bindTextFields(values, (key, value) => onChange({ ...values, [key]: value }));
  return (
    <Stack gap="sm">
      <TextInput label="Default artist name" placeholder="Your artist name" {...field("default_artist_name")} maxLength={TEXT_FIELD_MAX_LENGTH} />
      <TextInput label="Default channel username" description="Your name in the live chat" {...field("default_youtube_username")} maxLength={TEXT_FIELD_MAX_LENGTH} />
      <Switch label="Auto-fill the submission form" checked={values.auto_fill_artist} onChange={(e) => onChange({ ...values, auto_fill_artist: e.currentTarget.checked })} />
    </Stack>
  );
}

/** Auto-Fill: defaults that prefill the submission form; saved like the settings. */
export function AutoFillTab({ me }: { me: MeUser }) {
  const [values, setValues] = useState<AutoFillFormValues>(() => autoFillFrom(me));
  const update = useUpdateMe();
  const state = useAutosave(autoFillPatch(values, me), (body) => update.mutateAsync(body));
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        When you join the queue, the form starts with these.
      </Text>
      <AutoFillFields values={values} onChange={setValues} />
      <AutosaveStatus state={state} />
    </Stack>
  );
}
