import 'server-only';
import type { TenantConfig, Theme } from '@shop/tenants';
import { cookies } from 'next/headers';
import { COOKIE_NAMES } from './cookie-names';
import { fontStack } from './font-stacks';

export type ThemeName = 'light' | 'dark';
/** What the page is rendered with: a shopper's choice, or the device's setting until there is one. */
export type ThemeChoice = ThemeName | 'system';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

function colourVariables(theme: Theme): string {
  return Object.entries(theme)
    .map(([name, value]) => `--color-${kebab(name)}:${value};`)
    .join('');
}

/**
 * The tenant's theme as CSS custom properties: its fonts with their resized fallbacks, light on
 * :root, dark under [data-theme=dark], and dark under [data-theme=system] when the device asks for it.
 */
export function themeStylesheet(tenant: TenantConfig): string {
  const body = fontStack(tenant.fontFaces.body);
  const heading =
    tenant.fontFaces.heading === tenant.fontFaces.body ? body : fontStack(tenant.fontFaces.heading);
  const faces = body === heading ? body.fontFaces : body.fontFaces + heading.fontFaces;
  const fonts = `--font-body:${body.fontFamily};--font-heading:${heading.fontFamily};`;
  const light = `${faces}:root{${fonts}${colourVariables(tenant.themes.light)}color-scheme:light;}`;
  if (!tenant.themes.dark) return light;
  const dark = `{${colourVariables(tenant.themes.dark)}color-scheme:dark;}`;
  return `${light}:root[data-theme=dark]${dark}@media (prefers-color-scheme:dark){:root[data-theme=system]${dark}}`;
}

/** The theme to render where the tenant has both: the cookie's choice, else the device's. */
export async function currentTheme(tenant: TenantConfig): Promise<ThemeChoice> {
  if (!tenant.themes.dark) return 'light';
  const chosen = (await cookies()).get(COOKIE_NAMES.theme)?.value;
  return chosen === 'dark' || chosen === 'light' ? chosen : 'system';
}
