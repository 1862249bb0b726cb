import { useMemo, useState } from "react";
import { Button, ColorInput, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "@common/error-catalogue";
import { defaultFooterText, FOOTER_TEXT_MAX_LENGTH, SITE_NAME_MAX_LENGTH, SOCIAL_LINKS_MAX, type SiteSettingName } from "@common/site";
import { toastSuccess } from "../../../components/toast";
import { publicConfigKey } from "../../../lib/site";
import { type SettingValues, useSaveSetting } from "../api";
import { zoneLabel } from "../eastern-time";

const ACCENT_SWATCHES = ["#7048e8", "#1c7ed6", "#0ca678", "#f59f00", "#e8590c", "#e03131", "#d6336c", "#ae3ec9"];

/** Every zone this browser knows, "Europe/London" shown as "London (Europe/London)". */
function zoneOptions(current: string) {
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  zones.add(current);
  return [...zones].map((zone) => ({ value: zone, label: `${zoneLabel(zone)} (${zone})` }));
}

type Draft = Record<SiteSettingName, string>;

const draftOf = (values: SettingValues): Draft => ({
  siteName: values.siteName ?? "",
  socialLinks: values.socialLinks ?? "",
  contactEmail: values.contactEmail ?? "",
  footerText: values.footerText ?? "",
  accentColor: values.accentColor ?? "",
  hostTimeZone: values.hostTimeZone ?? "",
});

/**
 * The host's own site: name, accent colour, time zone, contact address, social links and footer line,
 * shown to everyone as soon as they are saved. Only changed fields are sent, one PUT set/{name} each, all at once;
 * a refused field shows the server's sentence under it and the others still save.
 */
export function SiteForm({ values }: { values: SettingValues }) {
  const [draft, setDraft] = useState(() => draftOf(values));
  const [problems, setProblems] = useState<Partial<Record<SiteSettingName, string>>>({});
  const [saving, setSaving] = useState(false);
  const save = useSaveSetting();
  const client = useQueryClient();
  const zones = useMemo(() => zoneOptions(draft.hostTimeZone), [draft.hostTimeZone]);
  const field = (name: SiteSettingName) => ({
    value: draft[name],
    error: problems[name],
    onChange: (value: string) => setDraft((current) => ({ ...current, [name]: value })),
  });
  const input = (name: SiteSettingName) => {
    const { onChange, ...rest } = field(name);
    return { ...rest, onChange: (event: { currentTarget: { value: string } }) => onChange(event.currentTarget.value) };
  };

  const submit = async () => {
    setSaving(true);
    const refused: Partial<Record<SiteSettingName, string>> = {};
    const changed = (Object.keys(draft) as SiteSettingName[]).filter((name) => draft[name] !== (values[name] ?? ""));
    await Promise.all(
      changed.map((name) =>
        save.mutateAsync({ name, state: draft[name] }).catch((error: unknown) => {
          refused[name] = errorMessage(error);
        }),
      ),
    );
    setProblems(refused);
    setSaving(false);
    await client.invalidateQueries({ queryKey: publicConfigKey });
    if (changed.length > 0 && Object.keys(refused).length === 0) toastSuccess("Site saved.");
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="site-settings-title">
      <Stack gap={2}>
        <Text fw={700} size="lg" id="site-settings-title">
          Your site
        </Text>
        <Text size="sm" c="dimmed">
          What every visitor sees: the name in the header and tab, your channels, how to reach you. Empty fields show nothing.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Site name" maxLength={SITE_NAME_MAX_LENGTH} {...input("siteName")} />
        <ColorInput
          label="Accent colour"
          format="hex"
          placeholder="The app's violet"
          swatches={ACCENT_SWATCHES}
          eyeDropperButtonProps={{ "aria-label": "Pick the accent colour from the screen" }}
          {...field("accentColor")}
        />
        <Select
          label="Your time zone"
          description="Times you enter (the next stream start) are in this zone"
          searchable
          // Some 400 zones: the host types a city to find the rest.
          limit={40}
          allowDeselect={false}
          data={zones}
          value={draft.hostTimeZone}
          error={problems.hostTimeZone}
          onChange={(zone) => zone && field("hostTimeZone").onChange(zone)}
        />
        <TextInput
          label="Contact e-mail"
          description="Shown as Contact in the footer and on sign-in problems"
          type="email"
          placeholder="host@example.com"
          {...input("contactEmail")}
        />
      </SimpleGrid>
      <Textarea
        label="Social links"
        description={`One a line, up to ${SOCIAL_LINKS_MAX}: a label, a space, then the link`}
        placeholder={"YouTube https://www.youtube.com/@yourchannel\nTwitch https://www.twitch.tv/yourchannel"}
        autosize
        minRows={2}
        {...input("socialLinks")}
      />
      <TextInput label="Footer text" maxLength={FOOTER_TEXT_MAX_LENGTH} placeholder={defaultFooterText(draft.siteName || values.siteName || "")} {...input("footerText")} />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={saving}>
          Save site
        </Button>
      </Group>
    </Stack>
  );
}
