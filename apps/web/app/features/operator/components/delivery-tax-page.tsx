import { zodResolver } from '@hookform/resolvers/zod';
import type { DeliveryTier, VatRate } from '@shop/contracts/operator-promotions';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useBackOfficeAction } from '../api/back-office';
import { deliveryTiersQueryOptions, vatRatesQueryOptions } from '../api/promotions';
import { useOperatorMoney } from '../format';
import { ActiveField, FormFooter } from './back-office-form';
import { EditRowButton, useWholeList } from './back-office-list';
import { ConfirmDialog } from './confirm-dialog';
import { PageHeading } from './table-filters';

const quantity = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, message);
export const tierFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'The name field is required.')
      .max(120, 'The name may not be greater than 120 characters.'),
    min_qty: quantity('The minimum quantity must be a number.'),
    max_qty: quantity('The maximum quantity must be a number.'),
    charge: z
      .string()
      .trim()
      .regex(/^\d{1,11}(\.\d{1,2})?$/, 'The charge must be a number.'),
  })
  .superRefine((v, ctx) => {
    if (Number(v.max_qty) < Number(v.min_qty)) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_qty'],
        message: 'The maximum quantity may not be less than the minimum quantity.',
      });
    }
  });
type TierValues = z.infer<typeof tierFormSchema>;
const vatFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'The name field is required.')
    .max(120, 'The name may not be greater than 120 characters.'),
  name_id: z.string().trim().max(120, 'A translation may not be greater than 120 characters.'),
  name_ar: z.string().trim().max(120, 'A translation may not be greater than 120 characters.'),
  percentage: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,3})?$/, 'The percentage must be a number.')
    .refine((v) => Number(v) <= 100, 'The percentage may not be greater than 100.'),
  is_active: z.boolean(),
});
type VatValues = z.infer<typeof vatFormSchema>;

/** Adds or changes a delivery tier (a charge for a range of item quantities). */
export function TierFormDialog({
  open,
  tier,
  onClose,
}: {
  open: boolean;
  tier: DeliveryTier | null;
  onClose: () => void;
}) {
  const t = useT();
  const action = useBackOfficeAction();
  const form = useForm<TierValues>({
    resolver: zodResolver(tierFormSchema),
    values: {
      name: tier?.name ?? '',
      min_qty: tier ? String(tier.min_qty) : '',
      max_qty: tier ? String(tier.max_qty) : '',
      charge: tier ? String(tier.charge) : '',
    },
  });
  const error = (name: keyof TierValues) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      const reply = await action.mutateAsync({
        path: tier ? `/api/operator/delivery-charges/${tier.id}` : '/api/operator/delivery-charges',
        method: tier ? 'PUT' : 'POST',
        body: { name: v.name.trim(), min_qty: Number(v.min_qty), max_qty: Number(v.max_qty), charge: Number(v.charge) },
      });
      notifySuccess(reply.message);
      onClose();
    } catch (failure) {
      const rest = applyServerErrors(failure, ['name', 'min_qty', 'max_qty', 'charge'] as const, (name, e) =>
        form.setError(name, e),
      );
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={tier ? t('Edit the delivery charge') : t('New delivery charge')}>
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <TextField label={t('Name')} autoComplete="off" error={error('name')} {...form.register('name')} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('From (items)')}
            inputMode="numeric"
            error={error('min_qty')}
            {...form.register('min_qty')}
          />
          <TextField
            label={t('To (items)')}
            inputMode="numeric"
            error={error('max_qty')}
            {...form.register('max_qty')}
          />
          <TextField label={t('Charge')} inputMode="decimal" error={error('charge')} {...form.register('charge')} />
        </div>
        <FormFooter
          rootError={form.formState.errors.root?.message}
          disabled={form.formState.isSubmitting}
          onCancel={onClose}
        />
      </form>
    </AppDialog>
  );
}

function VatFormDialog({ open, vat, onClose }: { open: boolean; vat: VatRate | null; onClose: () => void }) {
  const t = useT();
  const action = useBackOfficeAction();
  const form = useForm<VatValues>({
    resolver: zodResolver(vatFormSchema),
    values: {
      name: vat?.name ?? '',
      name_id: vat?.translations.id ?? '',
      name_ar: vat?.translations.ar ?? '',
      percentage: vat ? String(vat.percentage) : '',
      is_active: vat?.is_active ?? true,
    },
  });
  const error = (name: keyof VatValues) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      const reply = await action.mutateAsync({
        path: vat ? `/api/operator/vat/${vat.id}` : '/api/operator/vat',
        method: vat ? 'PUT' : 'POST',
        body: {
          name: v.name.trim(),
          translations: { id: v.name_id.trim(), ar: v.name_ar.trim() },
          percentage: Number(v.percentage),
          is_active: v.is_active,
        },
      });
      notifySuccess(reply.message);
      onClose();
    } catch (failure) {
      const rest = applyServerErrors(failure, ['name', 'percentage'] as const, (name, e) => form.setError(name, e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={vat ? t('Edit the VAT') : t('New VAT')}>
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <TextField label={t('Name')} autoComplete="off" error={error('name')} {...form.register('name')} />
        <TextField
          label={t('Name (Indonesian)')}
          lang="id"
          autoComplete="off"
          error={error('name_id')}
          {...form.register('name_id')}
        />
        <TextField
          label={t('Name (Arabic)')}
          lang="ar"
          dir="rtl"
          autoComplete="off"
          error={error('name_ar')}
          {...form.register('name_ar')}
        />
        <TextField
          label={t('Rate (%)')}
          inputMode="decimal"
          error={error('percentage')}
          {...form.register('percentage')}
        />
        <ActiveField label={t('Checkout adds it')} registration={form.register('is_active')} />
        <FormFooter
          rootError={form.formState.errors.root?.message}
          disabled={form.formState.isSubmitting}
          onCancel={onClose}
        />
      </form>
    </AppDialog>
  );
}

const tierColumn = createColumnHelper<DeliveryTier>();
const vatColumn = createColumnHelper<VatRate>();

/** /operator/delivery-tax: the delivery charge tiers and VAT rows checkout prices with. */
export function DeliveryTaxPage() {
  const t = useT();
  const api = useApi();
  const money = useOperatorMoney();
  const wholeList = useWholeList();
  const tiers = useQuery(deliveryTiersQueryOptions(api));
  const vat = useQuery(vatRatesQueryOptions(api));
  const action = useBackOfficeAction();
  const [tierOpen, setTierOpen] = useState(false);
  const [tier, setTier] = useState<DeliveryTier | null>(null);
  const [removing, setRemoving] = useState<DeliveryTier | null>(null);
  const [vatOpen, setVatOpen] = useState(false);
  const [vatRow, setVatRow] = useState<VatRate | null>(null);

  const tierColumns = useMemo(
    () => [
      tierColumn.accessor('name', { header: t('Name') }),
      tierColumn.accessor((r) => `${r.min_qty}–${r.max_qty}`, {
        id: 'items',
        header: t('Items'),
        cell: (c) => <bdi dir="ltr">{c.getValue()}</bdi>,
      }),
      tierColumn.accessor('charge', {
        header: t('Charge'),
        meta: { align: 'end' },
        cell: (c) => money.format(c.getValue()),
      }),
    ],
    [t, money],
  );
  const vatColumns = useMemo(
    () => [
      vatColumn.accessor('name', { header: t('Name') }),
      vatColumn.accessor('percentage', { header: t('Rate'), cell: (c) => `${c.getValue()}%` }),
      vatColumn.accessor('is_active', { header: t('Status'), cell: (c) => (c.getValue() ? t('Active') : t('Off')) }),
    ],
    [t],
  );

  return (
    <div className="space-y-8">
      <PageHeading
        title={t('Delivery and tax')}
        hint={t('Checkout charges delivery by the number of items and adds the active VAT.')}
      />
      <section className="space-y-3" aria-labelledby="delivery-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="delivery-heading" className="text-lg font-semibold text-slate-900">
            {t('Delivery charges')}
          </h2>
          <Button
            onClick={() => {
              setTier(null);
              setTierOpen(true);
            }}
          >
            {t('New delivery charge')}
          </Button>
        </div>
        <DataTable
          label={t('Delivery charges')}
          columns={tierColumns}
          rows={tiers.data?.tiers}
          {...wholeList(tiers, tiers.data?.tiers)}
          getRowId={(r: DeliveryTier) => String(r.id)}
          emptyTitle={t('No delivery charge yet: delivery is free.')}
          actions={(r: DeliveryTier) => (
            <>
              <EditRowButton
                name={r.name}
                onClick={() => {
                  setTier(r);
                  setTierOpen(true);
                }}
              />
              <Button
                size="sm"
                variant="outline"
                onClick={() => setRemoving(r)}
                aria-label={t('Remove {{name}}', { name: r.name })}
              >
                {t('Remove')}
              </Button>
            </>
          )}
        />
      </section>
      <section className="space-y-3" aria-labelledby="vat-heading">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="vat-heading" className="text-lg font-semibold text-slate-900">
            {t('VAT')}
          </h2>
          <Button
            onClick={() => {
              setVatRow(null);
              setVatOpen(true);
            }}
          >
            {t('New VAT')}
          </Button>
        </div>
        <DataTable
          label={t('VAT')}
          columns={vatColumns}
          rows={vat.data?.vat}
          {...wholeList(vat, vat.data?.vat)}
          getRowId={(r: VatRate) => String(r.id)}
          emptyTitle={t('No VAT yet.')}
          actions={(r: VatRate) => (
            <EditRowButton
              name={r.name}
              onClick={() => {
                setVatRow(r);
                setVatOpen(true);
              }}
            />
          )}
        />
      </section>
      <TierFormDialog open={tierOpen} tier={tier} onClose={() => setTierOpen(false)} />
      <VatFormDialog open={vatOpen} vat={vatRow} onClose={() => setVatOpen(false)} />
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('Remove the delivery charge')}
        text={t('Checkout stops charging {{name}}.', { name: removing?.name ?? '' })}
        confirmLabel={t('Remove')}
        busy={action.isPending}
        onConfirm={() =>
          void action
            .mutateAsync({ path: `/api/operator/delivery-charges/${removing?.id}`, method: 'DELETE' })
            .then((reply) => notifySuccess(reply.message))
            .finally(() => setRemoving(null))
        }
      />
    </div>
  );
}
