import { type ReactNode, useState } from "react";
import { Button, CopyButton, Grid, NumberInput, SegmentedControl, Slider, Stack, Switch, Text, Textarea } from "@mantine/core";
import { OVERLAY_DEFAULTS, OVERLAY_LIMITS, OVERLAY_THEMES, OVERLAY_VIEWS, overlayUrl, type OverlaySettings, type OverlayTheme, type OverlayView } from "../overlay-settings";
import { OverlayPreview, type PreviewBackdrop } from "./overlay-preview";

const VIEW_OPTIONS = (Object.keys(OVERLAY_VIEWS) as OverlayView[]).map((view) => ({ value: view, label: OVERLAY_VIEWS[view].label }));
const THEME_LABELS: Record<OverlayTheme, string> = { dark: "Dark panel", light: "Light panel", minimal: "Text only" };
const THEME_OPTIONS = OVERLAY_THEMES.map((theme) => ({ value: theme, label: THEME_LABELS[theme] }));
const BACKDROP_OPTIONS: { value: PreviewBackdrop; label: string }[] = [
  { value: "checkerboard", label: "Checkerboard" },
  { value: "scene", label: "Sample scene" },
];

/** What the count box holds, as the overlay will read it; an emptied box means the default. */
const clampCount = (value: string | number) =>
  typeof value === "number" ? Math.min(OVERLAY_LIMITS.countMax, Math.max(OVERLAY_LIMITS.countMin, Math.round(value))) : OVERLAY_DEFAULTS.count;

/** A setting's bold label above its control, which names itself with aria-labelledby={labelId}. */
function LabelledSetting({ labelId, label, children }: { labelId: string; label: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm" id={labelId}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The host picks a view and its settings, watches the result in a live preview and copies the address
 * to paste into OBS (or any browser source).
 */
export function OverlayBuilder() {
  const [view, setView] = useState<OverlayView>("combined");
  const [settings, setSettings] = useState<OverlaySettings>(OVERLAY_DEFAULTS);
  const [backdrop, setBackdrop] = useState<PreviewBackdrop>("scene");
  const change = (patch: Partial<OverlaySettings>) => setSettings((current) => ({ ...current, ...patch }));
  const url = overlayUrl(window.location.origin, view, settings);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <LabelledSetting labelId="overlay-view-label" label="View">
            <SegmentedControl
              aria-labelledby="overlay-view-label"
              orientation="vertical"
              fullWidth
              value={view}
              onChange={(value) => setView(value as OverlayView)}
              data={VIEW_OPTIONS}
            />
          </LabelledSetting>
          <LabelledSetting labelId="overlay-theme-label" label="Theme">
            <SegmentedControl
              aria-labelledby="overlay-theme-label"
              fullWidth
              value={settings.theme}
              onChange={(value) => change({ theme: value as OverlayTheme })}
              data={THEME_OPTIONS}
            />
          </LabelledSetting>
          <LabelledSetting labelId="overlay-scale-label" label={`Text size: ${Math.round(settings.scale * 100)}%`}>
            <Slider
              aria-labelledby="overlay-scale-label"
              thumbLabel="Text size"
              min={OVERLAY_LIMITS.scaleMin}
              max={OVERLAY_LIMITS.scaleMax}
              step={0.05}
              value={settings.scale}
              onChange={(scale) => change({ scale })}
              label={(value) => `${Math.round(value * 100)}%`}
            />
          </LabelledSetting>
          <NumberInput
            label="Upcoming songs shown"
            description={`From ${OVERLAY_LIMITS.countMin} to ${OVERLAY_LIMITS.countMax}, in the up-next list`}
            min={OVERLAY_LIMITS.countMin}
            max={OVERLAY_LIMITS.countMax}
            allowDecimal={false}
            value={settings.count}
            onChange={(value) => change({ count: clampCount(value) })}
          />
          <Switch label="Show who requested each song" checked={settings.names} onChange={(event) => change({ names: event.currentTarget.checked })} />
          <Textarea
            label="Overlay address"
            readOnly
            autosize
            minRows={1}
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            styles={{ input: { wordBreak: "break-all" } }}
          />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button onClick={copy} color={copied ? "teal" : "violet"}>
                {copied ? "Link copied" : "Copy link"}
              </Button>
            )}
          </CopyButton>
          <Text size="sm" c="dimmed">
            In OBS, add a Browser source, paste the address and set the size to 1920 × 1080. No sign-in is needed: the overlay shows only what the public queue shows.
          </Text>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="xs">
          <Text fw={600} size="sm" id="overlay-backdrop-label">
            Preview background
          </Text>
          <SegmentedControl aria-labelledby="overlay-backdrop-label" value={backdrop} onChange={(value) => setBackdrop(value as PreviewBackdrop)} data={BACKDROP_OPTIONS} />
          <OverlayPreview url={url} backdrop={backdrop} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
