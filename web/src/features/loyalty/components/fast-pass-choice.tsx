import { Checkbox, Paper, Radio, Stack } from "@mantine/core";
import { fastPassTierLabel, heldTiers, type LoyaltyBalance } from "@common/loyalty";

export interface FastPassChoiceProps {
  balance: LoyaltyBalance;
  /** 0: no Fast Pass; a tier; null: "use a Fast Pass" ticked but no tier chosen yet (several held). */
  value: number | null;
  onChange: (level: number | null) => void;
  /** The submit was refused for lack of a tier (the form's alert says so): the tiers are marked. */
  error?: boolean;
  disabled?: boolean;
  /** What the Fast Pass is for, under the box; by default the form's "Fast Pass holders go first in line." */
  description?: string;
}

const left = (balance: LoyaltyBalance, tier: number) => balance.tokens_by_level[String(tier) as "1" | "2" | "3"];

/**
 * Fast Pass on the submission form: a member holding tokens may spend one to go ahead of regular
 * entries. With one tier held, ticking the box picks it; with several, the member must choose.
 */
export function FastPassChoice({ balance, value, onChange, error, disabled, description = "Fast Pass holders go first in line." }: FastPassChoiceProps) {
  const tiers = heldTiers(balance);
  if (tiers.length === 0) return null;
  const using = value !== 0;
  const only = tiers.length === 1 ? tiers[0]! : null;
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-dark-6)">
      <Stack gap="xs">
        <Checkbox
          checked={using}
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.checked ? only : 0)}
          label={only ? `Use a ${fastPassTierLabel(only)} Fast Pass (${left(balance, only)} left)` : "Use a Fast Pass"}
          description={description}
        />
        {using && !only && (
          <Radio.Group value={value ? String(value) : null} onChange={(tier) => onChange(Number(tier))} label="Fast Pass tier" error={error} withAsterisk>
            <Stack gap={6} mt={6}>
              {tiers.map((tier) => (
                <Radio key={tier} value={String(tier)} disabled={disabled} label={`${fastPassTierLabel(tier)} (${left(balance, tier)} left)`} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Paper>
  );
}
