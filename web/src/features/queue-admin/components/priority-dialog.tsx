import { useState } from "react";
import { Button, Modal, Select, Stack, TextInput } from "@mantine/core";
import { PAYMENT_SOURCES } from "@common/admin";
import { PRIORITY_LABELS, PRIORITY_LEVELS, PRIORITY_REASON_MAX_LENGTH, TEXT_FIELD_MAX_LENGTH, type PriorityLevel } from "@common/limits";
import type { PriorityInput, Entry } from "@common/queue";
import { paymentSourceLabel } from "../../../components/priority-badge";
import { DialogActions } from "../../../components/dialog-actions";
import { useTextField } from "../../../lib/use-text-field";

interface PriorityDialogProps {
  entry: Entry;
  opened: boolean;
  onClose: () => void;
  onSave: (priority: PriorityInput) => void;
}

const LEVEL_OPTIONS = PRIORITY_LEVELS.map((level) => ({ value: String(level), label: `${level} · ${PRIORITY_LABELS[level]}` }));
/** The spec's payment sources, plus the entry's own when it is another (fast_pass, for a token spent), so the select is never blank. */
function sourceOptions(current: string | null): { value: string; label: string }[] {
  const sources: string[] = [...PAYMENT_SOURCES];
  if (current && !sources.includes(current)) sources.push(current);
  return sources.map((source) => ({ value: source, label: paymentSourceLabel(source) }));
}

/** A datetime-local value of this browser's clock for an ISO instant. */
function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Priority level 0-3 with an optional expiry (in the admin's own time), where it was paid and its reference. */
export function PriorityDialog({ entry, opened, onClose, onSave }: PriorityDialogProps) {
  const [level, setLevel] = useState<PriorityLevel>(entry.priority_level);
  const expires = useTextField(() => toLocalInput(entry.premium_expires));
  const [source, setSource] = useState<string | null>(entry.payment_source);
  const reference = useTextField();
  const reason = useTextField();
  const regular = level === 0;
  const expiresAt = !regular && expires.value ? new Date(expires.value) : null;
  const invalidExpiry = !!expiresAt && Number.isNaN(expiresAt.getTime());

  const save = () => {
    onSave({
      priority_level: level,
      premium_expires: expiresAt && !invalidExpiry ? expiresAt.toISOString() : null,
      payment_source: regular ? null : source,
      payment_reference: regular ? null : reference.value.trim() || null,
      reason: reason.value.trim() || null,
    });
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Set priority" centered radius="lg">
      <Stack>
        <Select
          label="Priority level"
          data={LEVEL_OPTIONS}
          value={String(level)}
          onChange={(value) => setLevel(Number(value ?? 0) as PriorityLevel)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Expires (optional)"
          description="In your own time. Leave empty for no expiry."
          type="datetime-local"
          {...expires.input}
          disabled={regular}
          error={invalidExpiry ? "Enter a date and time" : undefined}
        />
        <Select
          label="Payment source (optional)"
          data={sourceOptions(entry.payment_source)}
          value={source}
          onChange={setSource}
          clearable
          disabled={regular}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label="Payment reference (optional)"
          description="A Super Chat id, a Cash App note, a Patreon pledge…"
          {...reference.input}
          maxLength={TEXT_FIELD_MAX_LENGTH}
          disabled={regular}
        />
        <TextInput label="Reason (optional)" {...reason.input} maxLength={PRIORITY_REASON_MAX_LENGTH} />
        <DialogActions onCancel={onClose}>
          <Button onClick={save} disabled={invalidExpiry}>
            Save
          </Button>
        </DialogActions>
      </Stack>
    </Modal>
  );
}
