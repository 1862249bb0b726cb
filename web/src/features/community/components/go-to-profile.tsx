import { useState, type FormEvent } from "react";
import { Button, Group, TextInput } from "@mantine/core";
import { useNavigate } from "react-router";
import { USERNAME_MAX_LENGTH } from "@common/limits";
import { profileNameFrom } from "../members";

/** 'Go to @username': opens /community/{username}; a leading @ is stripped. */
export function GoToProfile() {
  const [value, setValue] = useState("");
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = profileNameFrom(value);
    if (name) void navigate(`/community/${encodeURIComponent(name)}`);
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
