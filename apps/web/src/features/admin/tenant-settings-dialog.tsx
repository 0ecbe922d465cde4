import type { Tenant } from '@app/contracts';
import { Check, Settings, X } from 'lucide-react';
import { Dialog, Tabs } from 'radix-ui';
import { type FocusEvent, useId, useState } from 'react';
import { FeatureSwitches } from './feature-switches';
import { adminMessages as m } from './messages';
import {
  DEFAULT_FREE_SHIPPING_THRESHOLD,
  DEFAULT_SHIPPING_FEE,
  displayFee,
  displayRewardRate,
  matchingPreset,
  parseRewardRate,
  parseWholeWon,
  presetTheme,
  readSetting,
  type SettingPath,
  settingsPatch,
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

/** A text setting saved when the field loses focus, only if it changed. */
function SettingText({ tenant, def }: { tenant: Tenant; def: FieldDef }) {
  const { saveSettings } = useTenantUpdates();
  const id = useId();
  const stored = readSetting(tenant, def.path);
  const onBlur = (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = textToSend(def.path, e.currentTarget.value, stored);
    if (value !== undefined) void saveSettings(tenant, settingsPatch(def.path, value));
  };
  const common = {
    id,
    className: def.type === 'textarea' ? 'input textarea' : 'input',
    defaultValue: typeof stored === 'string' ? stored : '',
    onBlur,
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {m.fields[def.name]}
      </label>
      {def.type === 'textarea' ? <textarea {...common} rows={3} /> : <input {...common} type={def.type ?? 'text'} />}
    </div>
  );
}

/** A legal fee: whole won, invalid input saved as 0, shown with the default when empty or 0 (spec 5). */
function FeeField({ tenant, name }: { tenant: Tenant; name: 'shipping_fee' | 'free_shipping_threshold' }) {
  const { saveSettings } = useTenantUpdates();
  const id = useId();
  const fallback = name === 'shipping_fee' ? DEFAULT_SHIPPING_FEE : DEFAULT_FREE_SHIPPING_THRESHOLD;
  const stored = tenant.settings.legal_info?.[name];
  const shown = displayFee(stored, fallback);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {m.fields[name]}
      </label>
      <input
        id={id}
        className="input tabular"
        inputMode="numeric"
        defaultValue={String(shown)}
        aria-describedby={`${id}-hint`}
        onBlur={async (e) => {
          const input = e.currentTarget;
          const value = parseWholeWon(input.value);
          if (value === (stored ?? 0) || (value === shown && stored === undefined)) {
            input.value = String(displayFee(value, fallback));
            return;
          }
          await saveSettings(tenant, { legal_info: { [name]: value } });
          input.value = String(displayFee(value, fallback));
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        {m.feeHint}
      </p>
    </div>
  );
}

/** The wallet's point reward rate (percent, one decimal, default 1): saved on blur when valid and changed. */
function RewardRateField({ tenant }: { tenant: Tenant }) {
  const { saveSettings } = useTenantUpdates();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const shown = displayRewardRate(tenant);
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {m.rewardRate}
      </label>
      <input
        id={id}
        className="input tabular"
        inputMode="decimal"
        defaultValue={String(shown)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onBlur={async (e) => {
          const input = e.currentTarget;
          const parsed = parseRewardRate(input.value);
          if ('error' in parsed) {
            setError(parsed.error);
            return;
          }
          setError(null);
          input.value = String(parsed.value);
          if (parsed.value === shown) return;
          await saveSettings(tenant, { point_reward_rate: parsed.value });
        }}
      />
      <p id={`${id}-hint`} className="field-hint">
        {m.rewardRateHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
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
