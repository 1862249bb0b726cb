import { useState } from "react";
import { Stack, Switch, Text, TextInput } from "@mantine/core";
import { TEXT_FIELD_MAX_LENGTH } from "@common/limits";
import type { MeUser } from "@common/users";
import { useUpdateMe } from "../api";
import { autoFillFrom, autoFillPatch, type AutoFillFormValues } from "../settings-patch";
import { useAutosave } from "../use-autosave";
import { AutosaveStatus } from "./autosave-status";

/** The fields that can fill themselves in when joining the queue. */
export function AutoFillFields({ values, onChange }: { values: AutoFillFormValues; onChange: (values: AutoFillFormValues) => void }) {
  return (
    <Stack gap="sm">
      <TextInput
        label="Default artist name"
        placeholder="Your artist name"
        value={values.default_artist_name}
        onChange={(e) => onChange({ ...values, default_artist_name: e.currentTarget.value })}
        maxLength={TEXT_FIELD_MAX_LENGTH}
      />
      <TextInput
        label="Default channel username"
        description="Your name in the live chat"
        value={values.default_youtube_username}
        onChange={(e) => onChange({ ...values, default_youtube_username: e.currentTarget.value })}
        maxLength={TEXT_FIELD_MAX_LENGTH}
      />
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
