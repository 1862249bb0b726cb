import { darken, lighten, mergeThemeOverrides, type MantineColorsTuple, type MantineThemeOverride } from "@mantine/core";

const ACCENT = "accent";

/** Ten shades around the host's colour, the colour itself at the shade buttons use (6). */
export function accentShades(hex: string): MantineColorsTuple {
  const lighter = [0.9, 0.75, 0.6, 0.45, 0.3, 0.15].map((amount) => lighten(hex, amount));
  const darker = [0.1, 0.2, 0.3].map((amount) => darken(hex, amount));
  return [...lighter, hex, ...darker] as unknown as MantineColorsTuple;
}

/**
 * The app's theme in the host's accent colour (set on the Settings page); the app's own colour when
 * none is set. Text on filled buttons turns dark on a light accent, so it stays readable.
 */
export function themeWithAccent(theme: MantineThemeOverride, accent: string | null): MantineThemeOverride {
  if (!accent) return theme;
  return mergeThemeOverrides(theme, {
    colors: { [ACCENT]: accentShades(accent) },
    primaryColor: ACCENT,
    primaryShade: 6,
    autoContrast: true,
  });
}
