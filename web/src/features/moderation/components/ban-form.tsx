import { Alert, Button, Paper, Select, Stack, Textarea, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { BAN_KIND_LABELS, BAN_KINDS, BAN_REASON_MAX_LENGTH, type BanKind } from "@common/moderation";
import { LINK_MAX_LENGTH } from "@common/limits";
import { toastSuccess } from "../../../components/toast";
import { usePlaceBan } from "../api";
import { banInputProblems, banProblemsOf, type BanProblems } from "../ban-error";
import { useTextField } from "../../../lib/use-text-field";

const VALUE_LABELS: Record<BanKind, { label: string; placeholder: string; description: string }> = {
  account: { label: "Account id", placeholder: "The member's user id", description: "Every submission from this account." },
  guest: { label: "Guest id", placeholder: "guest_…", description: "Every submission from this browser's guest identity." },
  username: { label: "Username", placeholder: "Their channel username", description: "Any case; a leading @ is ignored." },
  chat: { label: "Chat viewer", placeholder: "twitch:12345678", description: "The platform and the viewer's user id there: a new display name does not lift it." },
  link: { label: "Link", placeholder: "https://youtu.be/…", description: "Every address of the song is banned." },
};

/** Places a ban: who or what, and why. */
export function BanForm() {
  const place = usePlaceBan();
  const [kind, setKind] = useState<BanKind>("username");
  const banValue = useTextField();
  const reason = useTextField();
  const [problems, setProblems] = useState<BanProblems>({});

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const input = { kind, value: banValue.value, reason: reason.value };
    const found = banInputProblems(input);
    setProblems(found ?? {});
    if (found) return;
    place.mutate(input, {
      onSuccess: () => {
        toastSuccess(`${BAN_KIND_LABELS[kind]} banned.`);
        banValue.setValue("");
        reason.setValue("");
      },
      onError: (failure) => setProblems(banProblemsOf(failure)),
    });
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Add a ban
          </Title>
          <Select
            label="Ban"
            data={BAN_KINDS.map((k) => ({ value: k, label: BAN_KIND_LABELS[k] }))}
            value={kind}
            onChange={(next) => next && setKind(next as BanKind)}
            allowDeselect={false}
          />
          <TextInput
            label={VALUE_LABELS[kind].label}
            placeholder={VALUE_LABELS[kind].placeholder}
            description={VALUE_LABELS[kind].description}
            {...banValue.input}
            maxLength={LINK_MAX_LENGTH}
            required
            error={problems.value}
          />
          <Textarea
            label="Reason"
            description="Kept with the ban and in the audit log."
            {...reason.input}
            maxLength={BAN_REASON_MAX_LENGTH}
            autosize
            minRows={2}
            required
            error={problems.reason}
          />
          {problems.form && (
            <Alert color="red" variant="light" role="alert">
              {problems.form}
            </Alert>
          )}
          <Button type="submit" color="red" loading={place.isPending} style={{ alignSelf: "flex-start" }}>
            Ban
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
