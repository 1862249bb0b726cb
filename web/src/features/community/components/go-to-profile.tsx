import { useState, type FormEvent } from "react";
import { Button, Group, TextInput } from "@mantine/core";
import { USERNAME_MAX_LENGTH } from "@common/limits";
import { profileNameFrom } from "../members";
import { useViewProfile } from "../use-view-profile";

/** 'Go to @username': opens /community/{username} (signed-out visitors are asked to sign in, as from the grid); a leading @ is stripped. */
export function GoToProfile() {
  const [value, setValue] = useState("");
  const view = useViewProfile();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = profileNameFrom(value);
    if (name) view({ username: name });
  };
  return (
    <form onSubmit={submit}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          aria-label="Go to @username"
          placeholder="Go to @username"
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          maxLength={USERNAME_MAX_LENGTH + 2}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default" disabled={!profileNameFrom(value)}>
          Go
        </Button>
      </Group>
    </form>
  );
}
