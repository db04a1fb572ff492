import type { OperatorPaymentGateway } from '@shop/contracts/operator-settings';
import { useQuery } from '@tanstack/react-query';
import { type Path, useForm } from 'react-hook-form';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { operatorPaymentGatewaysQueryOptions, useSavePaymentGateway } from '../api/settings';
import { Check, fieldError, grid, SectionCard } from './settings-section';

/** The payment gateways on /operator/settings, each a form of its own. */
export function PaymentGatewaysSection() {
  const t = useT();
  const api = useApi();
  const gateways = useQuery(operatorPaymentGatewaysQueryOptions(api));
  if (gateways.isError)
    return <ErrorState title={t('We could not load the payment gateways')} onRetry={() => void gateways.refetch()} />;
  if (!gateways.data) return <Spinner className="size-6 text-primary-600" label={t('Loading')} />;
  return (
    <>
      {gateways.data.map((gateway) => (
        <GatewayForm key={gateway.name} gateway={gateway} />
      ))}
    </>
  );
}

interface GatewayValues {
  title: string;
  mode: 'test' | 'live';
  is_active: boolean;
  /** A new value per key; empty keeps the stored one. */
  keys: Record<string, string>;
  /** Keys to remove. */
  remove: Record<string, boolean>;
}

/**
 * One gateway: shown or not at checkout, test or live mode, its title, and its keys. Keys are
 * write-only: the form never holds a stored key, only whether one is set; an empty field keeps
 * it. Saving asks for a fresh two-step code when the last one is older than ten minutes.
 */
function GatewayForm({ gateway }: { gateway: OperatorPaymentGateway }) {
  const t = useT();
  const save = useSavePaymentGateway();
  const keyNames = Object.keys(gateway.keys_set);
  const form = useForm<GatewayValues>({
    values: {
      title: gateway.title,
      mode: gateway.mode,
      is_active: gateway.is_active,
      keys: Object.fromEntries(keyNames.map((k) => [k, ''])),
      remove: Object.fromEntries(keyNames.map((k) => [k, false])),
    },
  });
  const keyLabel = (key: string): string =>
    ({
      publishable_key: t('Publishable key'),
      secret_key: t('Secret key'),
      webhook_secret: t('Webhook signing secret'),
    })[key] ?? key;
  const submit = async (values: GatewayValues) => {
    const keys = Object.fromEntries(
      keyNames.map((k) => [k, values.remove[k] ? '' : values.keys[k]?.trim() ? values.keys[k].trim() : null]),
    );
    try {
      const reply = await save.mutateAsync({
        name: gateway.name,
        body: { title: values.title, mode: values.mode, is_active: values.is_active, keys },
      });
      notifySuccess(reply.message);
    } catch (failure) {
      const fields = ['title', 'mode', ...keyNames.map((k) => `keys.${k}`)] as Path<GatewayValues>[];
      const rest = applyServerErrors(failure, fields, (name, e) => form.setError(name, e));
      if (rest) notifyError(rest);
    }
  };
  return (
    <SectionCard
      title={t('Payment: {{name}}', { name: gateway.title })}
      hint={
        keyNames.length > 0
          ? t('Keys are never shown again: leave a key empty to keep the one that is set.')
          : undefined
      }
      form={form}
      onSubmit={submit}
    >
      <div className={grid}>
        <TextField label={t('Title')} error={fieldError(form, 'title', t)} {...form.register('title')} />
        <SelectField
          label={t('Mode')}
          options={[
            { value: 'test', label: t('Test') },
            { value: 'live', label: t('Live') },
          ]}
          error={fieldError(form, 'mode', t)}
          {...form.register('mode')}
        />
        {keyNames.map((key) => (
          <div key={key} className="space-y-2">
            <TextField
              label={gateway.keys_set[key] ? t('New {{key}} (one is set)', { key: keyLabel(key) }) : keyLabel(key)}
              type="password"
              dir="ltr"
              autoComplete="new-password"
              error={fieldError(form, `keys.${key}`, t)}
              {...form.register(`keys.${key}`)}
            />
            {gateway.keys_set[key] && (
              <Check
                label={t('Remove the stored key ({{key}})', { key: keyLabel(key) })}
                {...form.register(`remove.${key}`)}
              />
            )}
          </div>
        ))}
      </div>
      <Check label={t('Offered at checkout')} {...form.register('is_active')} />
    </SectionCard>
  );
}
