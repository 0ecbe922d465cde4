import { type FeatureKey, featureKeys, type Tenant } from '@app/contracts';
import { Switch } from 'radix-ui';
import { useId, useState } from 'react';
import { adminMessages as m } from './messages';
import { useTenantUpdates } from './use-tenant-updates';

/** One switch per feature key, saving as soon as it is flipped. */
export function FeatureSwitches({ tenant }: { tenant: Tenant }) {
  const { saveFeature } = useTenantUpdates();
  const [pending, setPending] = useState<FeatureKey | null>(null);
  const id = useId();
  return (
    <ul className="feature-switches">
      {featureKeys.map((key) => (
        <li key={key} className="feature-switch">
          <label htmlFor={`${id}-${key}`}>{m.featureLabels[key]}</label>
          <Switch.Root
            id={`${id}-${key}`}
            className="switch"
            checked={tenant.features[key] === true}
            disabled={pending === key}
            data-feature={key}
            onCheckedChange={async (value) => {
              setPending(key);
              await saveFeature(tenant, key, value);
              setPending(null);
            }}
          >
            <Switch.Thumb className="switch-thumb" />
          </Switch.Root>
        </li>
      ))}
    </ul>
  );
}
