import { zodResolver } from '@hookform/resolvers/zod';
import type { PlatformVoucher } from '@shop/contracts/operator-promotions';
import { VOUCHER_STATES } from '@shop/contracts/seller-vouchers';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { isoToMarketWallClock, marketWallClockToIso, useMarketTime, useMarketTimeZone } from '../../../lib/market-time';
import { useBackOfficeAction } from '../api/back-office';
import { platformVouchersQueryOptions } from '../api/promotions';
import { useOperatorMoney } from '../format';
import { FormFooter } from './back-office-form';
import { EditRowButton, ListHeader, useBackOfficeList, useRowDialogs } from './back-office-list';
import { ConfirmDialog } from './confirm-dialog';
import { ShopChecklist } from './shop-checklist';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';

const STATE_LABELS = { active: 'Active', scheduled: 'Scheduled', ended: 'Ended' } as const;
const decimal = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,11}(\.\d{1,2})?$/, message);
const wallClock = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Enter a date and time.');
const voucherFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(3, 'The code must be at least 3 characters.')
      .regex(/^[A-Za-z0-9_-]+$/, 'The code may contain only letters, digits, dashes and underscores.'),
    discount_type: z.enum(['Percentage', 'Amount']),
    discount: decimal('The discount must be a number.'),
    min_order_amount: decimal('The min order amount must be a number.'),
    max_discount_amount: z.union([z.literal(''), decimal('The max discount amount must be a number.')]),
    limit_for_user: z.string().regex(/^\d{1,4}$/, 'The limit for user must be a number.'),
    total_limit: z.union([z.literal(''), z.string().regex(/^\d{1,8}$/, 'The total limit must be a number.')]),
    starts_at: wallClock,
    expires_at: wallClock,
    shop_ids: z.array(z.string()).min(1, 'Choose at least one shop.'),
  })
  .superRefine((v, ctx) => {
    if (v.expires_at <= v.starts_at) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'The voucher must end after it starts.' });
    }
    if (v.discount_type === 'Percentage' && Number(v.discount) > 100) {
      ctx.addIssue({ code: 'custom', path: ['discount'], message: 'A percentage discount may not be more than 100.' });
    }
  });
type VoucherFormValues = z.infer<typeof voucherFormSchema>;
const FIELDS = [
  'code',
  'discount_type',
  'discount',
  'min_order_amount',
  'max_discount_amount',
  'limit_for_user',
  'total_limit',
  'starts_at',
  'expires_at',
  'shop_ids',
] as const;

function formValues(v: PlatformVoucher | null, timeZone: string): VoucherFormValues {
  const now = Date.now();
  return {
    code: v?.code ?? '',
    discount_type: v?.discount_type ?? 'Percentage',
    discount: v ? String(v.discount) : '',
    min_order_amount: String(v?.min_order_amount ?? 0),
    max_discount_amount: v?.max_discount_amount == null ? '' : String(v.max_discount_amount),
    limit_for_user: String(v?.limit_for_user ?? 1),
    total_limit: v?.total_limit == null ? '' : String(v.total_limit),
    starts_at: isoToMarketWallClock(v?.starts_at ?? new Date(now).toISOString(), timeZone),
    expires_at: isoToMarketWallClock(v?.expires_at ?? new Date(now + 30 * 86_400_000).toISOString(), timeZone),
    shop_ids: (v?.shops ?? []).map((s) => String(s.id)),
  };
}

function VoucherFormDialog({
  open,
  voucher,
  onClose,
}: {
  open: boolean;
  voucher: PlatformVoucher | null;
  onClose: () => void;
}) {
  const t = useT();
  const _api = useApi();
  const timeZone = useMarketTimeZone();
  const action = useBackOfficeAction();
  const form = useForm<VoucherFormValues>({
    resolver: zodResolver(voucherFormSchema),
    values: formValues(voucher, timeZone),
  });
  const error = (name: keyof VoucherFormValues) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const submit = form.handleSubmit(async (v) => {
    try {
      const reply = await action.mutateAsync({
        path: voucher ? `/api/operator/vouchers/${voucher.id}` : '/api/operator/vouchers',
        method: voucher ? 'PUT' : 'POST',
        body: {
          code: v.code.trim(),
          discount_type: v.discount_type,
          discount: Number(v.discount),
          min_order_amount: Number(v.min_order_amount),
          max_discount_amount: v.max_discount_amount === '' ? null : Number(v.max_discount_amount),
          limit_for_user: Number(v.limit_for_user),
          total_limit: v.total_limit === '' ? null : Number(v.total_limit),
          starts_at: marketWallClockToIso(v.starts_at, timeZone) ?? v.starts_at,
          expires_at: marketWallClockToIso(v.expires_at, timeZone) ?? v.expires_at,
          shop_ids: v.shop_ids.map(Number),
        },
      });
      notifySuccess(reply.message);
      onClose();
    } catch (failure) {
      const rest = applyServerErrors(failure, FIELDS, (name, e) => form.setError(name, e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={voucher ? t('Edit the voucher') : t('New platform voucher')}>
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <TextField label={t('Code')} dir="ltr" autoComplete="off" error={error('code')} {...form.register('code')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t('Discount type')}
            options={[
              { value: 'Percentage', label: t('Percentage') },
              { value: 'Amount', label: t('Amount') },
            ]}
            {...form.register('discount_type')}
          />
          <TextField
            label={t('Discount')}
            inputMode="decimal"
            error={error('discount')}
            {...form.register('discount')}
          />
          <TextField
            label={t('Minimum spend')}
            inputMode="decimal"
            error={error('min_order_amount')}
            {...form.register('min_order_amount')}
          />
          <TextField
            label={t('Largest discount (percentage only)')}
            inputMode="decimal"
            error={error('max_discount_amount')}
            {...form.register('max_discount_amount')}
          />
          <TextField
            label={t('Uses per shopper')}
            inputMode="numeric"
            error={error('limit_for_user')}
            {...form.register('limit_for_user')}
          />
          <TextField
            label={t('Uses in all (empty: no limit)')}
            inputMode="numeric"
            error={error('total_limit')}
            {...form.register('total_limit')}
          />
          <TextField
            type="datetime-local"
            label={t('Starts')}
            error={error('starts_at')}
            {...form.register('starts_at')}
          />
          <TextField
            type="datetime-local"
            label={t('Ends')}
            error={error('expires_at')}
            {...form.register('expires_at')}
          />
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-700">{t('Shops it reaches')}</legend>
          <ShopChecklist open={open} registration={() => form.register('shop_ids')} error={error('shop_ids')} />
        </fieldset>
        <FormFooter
          rootError={form.formState.errors.root?.message}
          disabled={form.formState.isSubmitting}
          onCancel={onClose}
        />
      </form>
    </AppDialog>
  );
}

const column = createColumnHelper<PlatformVoucher>();

/** /operator/vouchers: the marketplace's own vouchers and the shops they reach. */
export function VouchersPage() {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const money = useOperatorMoney();
  const { params, update, tableProps } = useBackOfficeList();
  const query = { ...params.filters, page: params.page };
  const list = useQuery(platformVouchersQueryOptions(api, query));
  const action = useBackOfficeAction();
  const dialogs = useRowDialogs<PlatformVoucher>();
  const [ending, setEnding] = useState<PlatformVoucher | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('code', { header: t('Code'), cell: (c) => <span dir="ltr">{c.getValue()}</span> }),
      column.accessor('discount', {
        header: t('Discount'),
        cell: (c) => (c.row.original.discount_type === 'Percentage' ? `${c.getValue()}%` : money.format(c.getValue())),
      }),
      column.accessor('state', { header: t('State'), cell: (c) => t(STATE_LABELS[c.getValue()]) }),
      column.accessor('expires_at', {
        header: t('Valid until'),
        meta: { hideOnPhone: true },
        cell: (c) => time.format(c.getValue(), 'dateTime'),
      }),
      column.accessor((v) => v.shops.map((s) => s.name).join(', '), {
        id: 'shops',
        header: t('Shops'),
        meta: { hideOnPhone: true },
      }),
      column.accessor('used_count', { header: t('Used'), meta: { align: 'end', hideOnPhone: true } }),
    ],
    [t, time, money],
  );

  return (
    <div className="space-y-5">
      <ListHeader newLabel={t('New platform voucher')} onNew={dialogs.create}>
        <PageHeading title={t('Platform vouchers')} hint={t('Checkout applies them to the shops they reach.')} />
      </ListHeader>
      <FilterBar>
        <SearchFilter value={params.filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
        <StatusFilter
          label={t('State')}
          value={params.filters.state ?? ''}
          onChange={(state) => update({ filters: { state } })}
          options={VOUCHER_STATES.map((value) => ({ value, label: t(STATE_LABELS[value]) }))}
        />
      </FilterBar>
      <DataTable
        label={t('Platform vouchers')}
        columns={columns}
        rows={list.data?.vouchers}
        {...tableProps(list)}
        sortable={[]}
        getRowId={(v: PlatformVoucher) => String(v.id)}
        emptyTitle={t('No voucher matches.')}
        actions={(v: PlatformVoucher) =>
          v.state === 'ended' ? null : (
            <>
              <EditRowButton name={v.code} onClick={() => dialogs.edit(v)} />
              <Button
                size="sm"
                variant="outline"
                onClick={() => setEnding(v)}
                aria-label={t('End {{name}}', { name: v.code })}
              >
                {t('End')}
              </Button>
            </>
          )
        }
      />
      <VoucherFormDialog open={dialogs.formOpen} voucher={dialogs.editing} onClose={dialogs.closeForm} />
      <ConfirmDialog
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={t('End the voucher')}
        text={t('{{name}} can no longer be used from now on.', { name: ending?.code ?? '' })}
        confirmLabel={t('End')}
        busy={action.isPending}
        onConfirm={() =>
          void action
            .mutateAsync({ path: `/api/operator/vouchers/${ending?.id}/end` })
            .then((reply) => notifySuccess(reply.message))
            .finally(() => setEnding(null))
        }
      />
    </div>
  );
}
