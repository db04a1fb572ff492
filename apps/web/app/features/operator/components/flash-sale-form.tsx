import { zodResolver } from '@hookform/resolvers/zod';
import type { OperatorFlashSale } from '@shop/contracts/operator-promotions';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { isoToMarketWallClock, marketWallClockToIso, useMarketTimeZone } from '../../../lib/market-time';
import { useBackOfficeAction } from '../api/back-office';
import { ActiveField, FormFooter } from './back-office-form';
import { ShopChecklist } from './shop-checklist';

/** The other languages a title is written in (English is the title itself). */
export const TITLE_LOCALES = [
  { code: 'id', label: 'Title (Indonesian)' },
  { code: 'ar', label: 'Title (Arabic)' },
] as const;

const wallClock = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Enter a date and time.');
export const flashSaleFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'The title field is required.')
      .max(120, 'The title may not be greater than 120 characters.'),
    name_id: z.string().trim().max(120, 'A translation may not be greater than 120 characters.'),
    name_ar: z.string().trim().max(120, 'A translation may not be greater than 120 characters.'),
    discount: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'The discount must be a number.')
      .refine((v) => Number(v) <= 100, 'The discount may not be greater than 100.'),
    starts_at: wallClock,
    ends_at: wallClock,
    all_shops: z.boolean(),
    shop_ids: z.array(z.string()),
  })
  .superRefine((v, ctx) => {
    if (v.ends_at <= v.starts_at)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The sale must end after it starts.' });
    if (!v.all_shops && v.shop_ids.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['shop_ids'], message: 'Choose at least one shop.' });
    }
  });
export type FlashSaleFormValues = z.infer<typeof flashSaleFormSchema>;
const FIELDS = ['name', 'discount', 'starts_at', 'ends_at', 'shop_ids'] as const;

export function flashSaleFormValues(
  sale: OperatorFlashSale | null,
  timeZone: string,
  now = new Date(),
): FlashSaleFormValues {
  const day = 24 * 3600_000;
  return {
    name: sale?.name ?? '',
    name_id: sale?.translations.id ?? '',
    name_ar: sale?.translations.ar ?? '',
    discount: String(sale?.discount ?? 0),
    starts_at: isoToMarketWallClock(sale?.starts_at ?? new Date(now.getTime() + day).toISOString(), timeZone),
    ends_at: isoToMarketWallClock(sale?.ends_at ?? new Date(now.getTime() + 2 * day).toISOString(), timeZone),
    all_shops: sale?.all_shops ?? true,
    shop_ids: (sale?.shops ?? []).map((s) => String(s.id)),
  };
}

/** The body POST and PUT /api/operator/flash-sales take, from the form's values. */
export function flashSaleBody(values: FlashSaleFormValues, timeZone: string) {
  return {
    name: values.name.trim(),
    translations: { id: values.name_id.trim(), ar: values.name_ar.trim() },
    discount: Number(values.discount),
    starts_at: marketWallClockToIso(values.starts_at, timeZone) ?? values.starts_at,
    ends_at: marketWallClockToIso(values.ends_at, timeZone) ?? values.ends_at,
    all_shops: values.all_shops,
    shop_ids: values.all_shops ? [] : values.shop_ids.map(Number),
  };
}

/** Makes or edits a flash sale: its title in each language, its window, and who may join. */
export function FlashSaleFormDialog({
  open,
  sale,
  onClose,
}: {
  open: boolean;
  sale: OperatorFlashSale | null;
  onClose: () => void;
}) {
  const t = useT();
  const _api = useApi();
  const timeZone = useMarketTimeZone();
  const action = useBackOfficeAction();
  const form = useForm<FlashSaleFormValues>({
    resolver: zodResolver(flashSaleFormSchema),
    values: flashSaleFormValues(sale, timeZone),
  });
  const allShops = form.watch('all_shops');
  const error = (name: keyof FlashSaleFormValues) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await action.mutateAsync({
        path: sale ? `/api/operator/flash-sales/${sale.id}` : '/api/operator/flash-sales',
        method: sale ? 'PUT' : 'POST',
        body: flashSaleBody(values, timeZone),
      });
      notifySuccess(reply.message);
      onClose();
    } catch (failure) {
      const rest = applyServerErrors(failure, FIELDS, (name, e) => form.setError(name, e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={sale ? t('Edit the flash sale') : t('New flash sale')}>
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <TextField label={t('Title')} error={error('name')} autoComplete="off" {...form.register('name')} />
        {TITLE_LOCALES.map((l) => (
          <TextField
            key={l.code}
            label={t(l.label)}
            dir={l.code === 'ar' ? 'rtl' : 'ltr'}
            lang={l.code}
            autoComplete="off"
            error={error(l.code === 'id' ? 'name_id' : 'name_ar')}
            {...form.register(l.code === 'id' ? 'name_id' : 'name_ar')}
          />
        ))}
        <TextField
          label={t('Discount shown (%)')}
          inputMode="decimal"
          error={error('discount')}
          {...form.register('discount')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            type="datetime-local"
            label={t('Starts')}
            error={error('starts_at')}
            {...form.register('starts_at')}
          />
          <TextField type="datetime-local" label={t('Ends')} error={error('ends_at')} {...form.register('ends_at')} />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">{t('Shops that may join')}</legend>
          <ActiveField label={t('All shops')} registration={form.register('all_shops')} />
          <ShopChecklist
            open={open}
            registration={() => form.register('shop_ids')}
            error={error('shop_ids')}
            listed={!allShops}
          />
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
