import type { Tenant, TenantSettings } from '@app/contracts';
import { Check, Settings, X } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { type ChangeEvent, type FocusEvent, useState } from 'react';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { formatBusinessNumberInput } from '@/lib/format';
import { formatPhoneInput } from '@/lib/phone';
import { FeatureSwitches } from './feature-switches';
import { adminMessages as m } from './messages';
import {
  DEFAULT_FREE_SHIPPING_THRESHOLD,
  DEFAULT_SHIPPING_FEE,
  displayFee,
  displayRewardRate,
  matchingPreset,
  numberKind,
  parseRewardRate,
  parseWonInput,
  presetTheme,
  readSetting,
  type SettingPath,
  settingError,
  settingsPatch,
  showSetting,
  textToSend,
  themePresetKeys,
  themePresets,
} from './settings-values';
import { useTenantUpdates } from './use-tenant-updates';

type FieldName = keyof typeof m.fields;
interface FieldDef {
  name: FieldName;
  path: SettingPath;
  type?: 'email' | 'tel' | 'url' | 'textarea';
}

const basic: FieldDef[] = [
  { name: 'display_name', path: { key: 'display_name' } },
  { name: 'contact_email', path: { key: 'contact_email' }, type: 'email' },
  { name: 'contact_phone', path: { key: 'contact_phone' }, type: 'tel' },
  { name: 'business_hours', path: { key: 'business_hours' } },
  { name: 'logo_url', path: { key: 'logo_url' }, type: 'url' },
];
const company: FieldDef[] = (
  ['company_name', 'ceo_name', 'business_number', 'address', 'sales_report_number'] as const
).map((name) => ({ name, path: { section: 'company_info', key: name } }));
const service: FieldDef[] = (
  ['service_name', 'service_description', 'service_tagline', 'hero_title', 'hero_subtitle', 'hero_description'] as const
).map((name) => ({
  name,
  path: { section: 'service_info', key: name },
  type:
    name === 'service_description' || name === 'hero_subtitle' || name === 'hero_description' ? 'textarea' : undefined,
}));
const legalText: FieldDef[] = (['return_address', 'return_contact', 'return_hours'] as const).map((name) => ({
  name,
  path: { section: 'legal_info', key: name },
}));

/**
 * A text setting saved when the field loses focus, only if it changed. It is checked with the
 * contract first; a refusal (the contract's or the server's) shows in Korean under the field, with
 * the typed value kept so it can be corrected. Phone and business numbers group as they are typed.
 */
function SettingText({ tenant, def }: { tenant: Tenant; def: FieldDef }) {
  const { saveField } = useTenantUpdates();
  const [error, setError] = useState<string | undefined>();
  const stored = readSetting(tenant, def.path);
  const kind = numberKind(def.path);
  const onBlur = async (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const input = e.currentTarget;
    const typed = input.value.trim();
    const value = textToSend(def.path, typed, stored);
    if (value === undefined) {
      // Unchanged, or a required field (display name, e-mail) emptied: that one says what it needs.
      setError(typed === '' && stored ? (settingError(settingsPatch(def.path, '')) ?? undefined) : undefined);
      return;
    }
    const patch = settingsPatch(def.path, value);
    const problem = settingError(patch);
    if (problem) {
      setError(problem);
      return;
    }
    const result = await saveField(tenant, patch);
    if ('error' in result) {
      setError(result.error);
      return;
    }
    setError(undefined);
    if (kind) input.value = showSetting(def.path, value);
  };
  const onChange =
    kind === 'business_number'
      ? (e: ChangeEvent<HTMLInputElement>) => {
          e.currentTarget.value = formatBusinessNumberInput(e.currentTarget.value);
        }
      : def.name === 'contact_phone'
        ? (e: ChangeEvent<HTMLInputElement>) => {
            e.currentTarget.value = formatPhoneInput(e.currentTarget.value);
          }
        : undefined;
  const common = {
    label: m.fields[def.name],
    defaultValue: typeof stored === 'string' ? showSetting(def.path, stored) : '',
    error,
    onBlur,
  };
  if (def.type === 'textarea') return <TextAreaField {...common} rows={3} />;
  return (
    <TextField
      {...common}
      type={def.type ?? 'text'}
      inputMode={kind === 'business_number' ? 'numeric' : undefined}
      onChange={onChange}
    />
  );
}

/**
 * A legal fee in whole won, saved on blur: a typo is an error under the field ("숫자로 입력해주세요.")
 * and nothing is saved; empty unsets it, so the default applies and is shown again (spec 5, issue 10).
 */
function FeeField({ tenant, name }: { tenant: Tenant; name: 'shipping_fee' | 'free_shipping_threshold' }) {
  const { saveField } = useTenantUpdates();
  const [error, setError] = useState<string | undefined>();
  const fallback = name === 'shipping_fee' ? DEFAULT_SHIPPING_FEE : DEFAULT_FREE_SHIPPING_THRESHOLD;
  const stored = tenant.settings.legal_info?.[name];
  const shown = displayFee(stored, fallback);
  return (
    <TextField
      label={m.fields[name]}
      className="tabular"
      inputMode="numeric"
      defaultValue={String(shown)}
      hint={m.feeHint(fallback)}
      error={error}
      onBlur={async (e) => {
        const input = e.currentTarget;
        const parsed = parseWonInput(input.value);
        if ('error' in parsed) {
          setError(parsed.error);
          return;
        }
        const { value } = parsed;
        const unchanged =
          value === null ? stored === undefined : value === stored || (value === shown && stored === undefined);
        if (!unchanged) {
          const result = await saveField(tenant, { legal_info: { [name]: value } } as Partial<TenantSettings>);
          if ('error' in result) {
            setError(result.error);
            return;
          }
        }
        setError(undefined);
        input.value = String(displayFee(value, fallback));
      }}
    />
  );
}

/** The wallet's point reward rate (percent, one decimal, default 1): saved on blur when valid and changed. */
function RewardRateField({ tenant }: { tenant: Tenant }) {
  const { saveField } = useTenantUpdates();
  const [error, setError] = useState<string | undefined>();
  const shown = displayRewardRate(tenant);
  return (
    <TextField
      label={m.rewardRate}
      className="tabular"
      inputMode="decimal"
      defaultValue={String(shown)}
      hint={m.rewardRateHint}
      error={error}
      onBlur={async (e) => {
        const input = e.currentTarget;
        const parsed = parseRewardRate(input.value);
        if ('error' in parsed) {
          setError(parsed.error);
          return;
        }
        if (parsed.value !== shown) {
          const result = await saveField(tenant, { point_reward_rate: parsed.value });
          if ('error' in result) {
            setError(result.error);
            return;
          }
        }
        setError(undefined);
        input.value = String(parsed.value);
      }}
    />
  );
}

function ThemeTab({ tenant }: { tenant: Tenant }) {
  const { saveSettings } = useTenantUpdates();
  const active = matchingPreset(tenant);
  const theme = tenant.settings.theme ?? {};
  return (
    <div className="form-stack">
      <fieldset className="theme-presets">
        <legend className="field-label">{m.themePresets}</legend>
        <div className="theme-grid">
          {themePresetKeys.map((key) => {
            const { primary, accent } = themePresets[key];
            return (
              <button
                key={key}
                type="button"
                className="theme-preset"
                aria-pressed={active === key}
                aria-label={m.applyPreset(m.presetNames[key])}
                onClick={() => void saveSettings(tenant, { theme: presetTheme(key), theme_color: primary })}
              >
                <span className="theme-swatch" style={{ background: primary }} aria-hidden="true">
                  {active === key ? <Check size={18} strokeWidth={3} /> : null}
                </span>
                <span className="theme-swatch theme-swatch-small" style={{ background: accent }} aria-hidden="true" />
                <span>{m.presetNames[key]}</span>
              </button>
            );
          })}
        </div>
      </fieldset>
      <dl className="theme-current">
        <div>
          <dt>{m.primary}</dt>
          <dd>
            <span className="theme-dot" style={{ background: theme.primary }} aria-hidden="true" />
            <code>{theme.primary ?? '-'}</code> / <code>{theme['primary-light'] ?? '-'}</code>
          </dd>
        </div>
        <div>
          <dt>{m.accent}</dt>
          <dd>
            <span className="theme-dot" style={{ background: theme.accent }} aria-hidden="true" />
            <code>{theme.accent ?? '-'}</code> / <code>{theme['accent-light'] ?? '-'}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The settings modal of a tenant card: tabs features, basic, company, service, legal, theme (spec 2.13). */
export function TenantSettingsDialog({ tenant }: { tenant: Tenant }) {
  const tabs = m.tabs;
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <button type="button" className="btn btn-outline">
          <Settings size={18} aria-hidden="true" />
          {m.settings}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content settings-dialog" aria-describedby={undefined}>
          <div className="settings-head">
            <Dialog.Title className="dialog-title">{m.settingsOf(tenant.display_name)}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={m.close}>
              <X size={20} aria-hidden="true" />
            </Dialog.Close>
          </div>
          <p className="field-hint">{m.saveOnBlur}</p>
          <Tabs.Root defaultValue="features" className="settings-tabs">
            <Tabs.List className="settings-tab-list" aria-label={m.settingsOf(tenant.display_name)}>
              {(Object.keys(tabs) as (keyof typeof tabs)[]).map((key) => (
                <Tabs.Trigger key={key} value={key} className="settings-tab">
                  {tabs[key]}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="features" className="settings-panel">
              <FeatureSwitches tenant={tenant} />
            </Tabs.Content>
            <Tabs.Content value="basic" className="settings-panel form-stack">
              {basic.map((def) => (
                <SettingText key={def.name} tenant={tenant} def={def} />
              ))}
              <RewardRateField tenant={tenant} />
            </Tabs.Content>
            <Tabs.Content value="company" className="settings-panel form-stack">
              {company.map((def) => (
                <SettingText key={def.name} tenant={tenant} def={def} />
              ))}
            </Tabs.Content>
            <Tabs.Content value="service" className="settings-panel form-stack">
              {service.map((def) => (
                <SettingText key={def.name} tenant={tenant} def={def} />
              ))}
            </Tabs.Content>
            <Tabs.Content value="legal" className="settings-panel form-stack">
              <FeeField tenant={tenant} name="shipping_fee" />
              <FeeField tenant={tenant} name="free_shipping_threshold" />
              {legalText.map((def) => (
                <SettingText key={def.name} tenant={tenant} def={def} />
              ))}
            </Tabs.Content>
            <Tabs.Content value="theme" className="settings-panel">
              <ThemeTab tenant={tenant} />
            </Tabs.Content>
          </Tabs.Root>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
