import { THEME_COLOR_SHADES } from '@shop/contracts/constants';
import type { ThemeColors } from '@shop/contracts/settings';

/** A CSS colour as the settings store it; anything else (e.g. "; background:url(...)") is refused. */
const COLOR_PATTERN = /^(#[0-9a-fA-F]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab)\([0-9.,%\s/+-]+\))$/;

/**
 * Theme colours become the CSS variables --color-primary and
 * --color-primary-50..950 only when all 12 are present; otherwise none is set and the default
 * palette of app.css stays whole (a half-applied palette would clash).
 */
export function themeVariables(colors: ThemeColors | null | undefined): Record<string, string> {
  if (!colors) return {};
  const entries: [string, string | null][] = [
    ['--color-primary', colors.primary],
    ...THEME_COLOR_SHADES.map((shade): [string, string | null] => [
      `--color-primary-${shade}`,
      colors[`primary${shade}` as keyof ThemeColors],
    ]),
  ];
  const vars: Record<string, string> = {};
  for (const [name, value] of entries) {
    const color = value?.trim();
    if (!color || !COLOR_PATTERN.test(color)) return {};
    vars[name] = color;
  }
  return vars;
}
