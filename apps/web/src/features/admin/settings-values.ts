import {
  DEFAULT_POINT_REWARD_RATE,
  legalInfoSchema,
  type Tenant,
  type TenantSettings,
  tenantSettingsSchema,
  tenantSettingsUpdateBodySchema,
} from '@app/contracts';
import { formatBusinessNumber } from '@/lib/format';
import { formatPhone } from '@/lib/phone';

/** Display defaults of the legal fees (spec 5, 9), the ones checkout charges. */
export { DEFAULT_FREE_SHIPPING_THRESHOLD, DEFAULT_SHIPPING_FEE } from '@app/contracts';

export const notANumber = '숫자로 입력해주세요.';

/**
 * A won amount typed by the administrator: whole numbers, grouping commas and a trailing 원
 * allowed. Empty means unset (null: the default applies); anything else that is not a whole won
 * amount is an error in Korean, never a silent 0 (issue 10). The range is the contract's.
 */
export function parseWonInput(input: string): { value: number | null } | { error: string } {
  const cleaned = input.trim().replace(/[,\s]/g, '').replace(/원$/, '');
  if (cleaned === '') return { value: null };
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return { error: notANumber };
  const checked = legalInfoSchema.shape.shipping_fee.safeParse(Number(cleaned));
  if (!checked.success) return { error: checked.error.issues[0]?.message ?? notANumber };
  return { value: checked.data ?? null };
}

/** What the fee field shows: the stored value, or the default when empty or 0. */
export function displayFee(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
}

export const themePresetKeys = ['orange', 'green', 'blue', 'purple', 'red', 'teal'] as const;
export type ThemePresetKey = (typeof themePresetKeys)[number];

/** The six presets of spec 2.13: primary and accent of each. */
export const themePresets: Record<ThemePresetKey, { primary: string; accent: string }> = {
  orange: { primary: '#FF9630', accent: '#E85D04' },
  green: { primary: '#2E9E5B', accent: '#1E7A44' },
  blue: { primary: '#2F80ED', accent: '#1B4F9C' },
  purple: { primary: '#8B5CF6', accent: '#6D28D9' },
  red: { primary: '#E5484D', accent: '#B42318' },
  teal: { primary: '#14B8A6', accent: '#0F766E' },
};

/** A light variant: the colour with the hex alpha suffix 20 (spec 2.13). */
export function lightVariant(hex: string): string {
  return `${hex.slice(0, 7)}20`;
}

/** The theme settings a preset writes: primary, accent and their light variants. */
export function presetTheme(key: ThemePresetKey) {
  const { primary, accent } = themePresets[key];
  return { primary, accent, 'primary-light': lightVariant(primary), 'accent-light': lightVariant(accent) };
}

/** The preset a tenant's theme matches, if any. */
export function matchingPreset(tenant: Pick<Tenant, 'settings'>): ThemePresetKey | undefined {
  const primary = tenant.settings.theme?.primary?.toUpperCase();
  return themePresetKeys.find((k) => themePresets[k].primary === primary);
}

export type SettingsSection = 'company_info' | 'service_info' | 'legal_info';
export type TopLevelSetting = 'display_name' | 'contact_email' | 'contact_phone' | 'business_hours' | 'logo_url';

/** Where a settings field lives: a top-level key or a key inside a section. */
export type SettingPath = { key: TopLevelSetting } | { section: SettingsSection; key: string };

/** Fields holding a phone or a business number: typed with hyphens, stored as digits (issue 10). */
export function numberKind(path: SettingPath): 'phone' | 'business_number' | undefined {
  if (!('section' in path)) return path.key === 'contact_phone' ? 'phone' : undefined;
  if (path.section === 'company_info' && path.key === 'business_number') return 'business_number';
  return path.section === 'legal_info' && path.key === 'return_contact' ? 'phone' : undefined;
}

/** What a text field shows for a stored value: phone and business numbers with their hyphens. */
export function showSetting(path: SettingPath, value: string): string {
  const kind = numberKind(path);
  if (kind === 'phone') return formatPhone(value);
  return kind === 'business_number' ? formatBusinessNumber(value) : value;
}

/** The stored value of a field (display_name is a tenant column). */
export function readSetting(tenant: Tenant, path: SettingPath): unknown {
  if ('section' in path) return (tenant.settings[path.section] as Record<string, unknown> | undefined)?.[path.key];
  if (path.key === 'display_name') return tenant.display_name;
  return tenant.settings[path.key];
}

/** The partial settings body of one field (the server deep-merges it). */
export function settingsPatch(path: SettingPath, value: unknown): Partial<TenantSettings> & { display_name?: string } {
  if ('section' in path) return { [path.section]: { [path.key]: value } } as Partial<TenantSettings>;
  return { [path.key]: value } as Partial<TenantSettings>;
}

/**
 * What to send for a text field left on blur, or undefined to send nothing: unchanged values, an
 * empty display name (required) and an empty contact e-mail (the server validates it as an e-mail).
 */
export function textToSend(path: SettingPath, typed: string, stored: unknown): string | undefined {
  const value = typed.trim();
  const before = typeof stored === 'string' ? stored.trim() : '';
  // 1644-5678 typed over a stored 16445678 is the same number.
  const same = numberKind(path) ? (v: string) => v.replace(/[\s-]/g, '') : (v: string) => v;
  if (same(value) === same(before)) return undefined;
  if (!('section' in path) && (path.key === 'display_name' || path.key === 'contact_email') && value === '') {
    return undefined;
  }
  return value;
}

/** The reward rate a tenant shows: the stored percent, else the default 1. */
export function displayRewardRate(tenant: Pick<Tenant, 'settings'>): number {
  const stored = tenant.settings.point_reward_rate;
  return typeof stored === 'number' && Number.isFinite(stored) ? stored : DEFAULT_POINT_REWARD_RATE;
}

/**
 * The point reward rate typed by the administrator (a percent; a trailing % is allowed), checked by
 * the contract's rule (0 to 100, one decimal at most) so the error is the server's own text.
 */
export function parseRewardRate(input: string): { value: number } | { error: string } {
  const cleaned = input.trim().replace(/%$/, '').trim();
  const n = /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
  const checked = tenantSettingsSchema.shape.point_reward_rate.safeParse(n);
  if (!checked.success) return { error: checked.error.issues[0]?.message ?? '' };
  return { value: checked.data ?? DEFAULT_POINT_REWARD_RATE };
}

/**
 * The contract's Korean message for a settings change the server would refuse (checked before
 * sending, so the field shows it at once), or null when it is valid.
 */
export function settingError(patch: Partial<TenantSettings> & { display_name?: string }): string | null {
  const checked = tenantSettingsUpdateBodySchema.safeParse({ settings: patch });
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/**
 * A refusal of the server as the field shows it: its Korean text without the `settings.key: `
 * path the validation answer starts with.
 */
export function fieldMessage(detail: string): string {
  return detail
    .split('; ')
    .map((part) => part.replace(/^[\w.-]+: /, ''))
    .join(' ');
}
