import { zodResolver } from '@hookform/resolvers/zod';
import { BANNER_SORTS, BANNER_STATES, type OperatorBanner, type Placement } from '@shop/contracts/operator-content';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { isoToMarketWallClock, marketWallClockToIso, useMarketTime, useMarketTimeZone } from '../../../lib/market-time';
import { useBackOfficeAction } from '../api/back-office';
import { operatorBannersQueryOptions } from '../api/content';
import { ActiveField, FormFooter } from './back-office-form';
import { DeleteRowButton, EditRowButton, ListHeader, useBackOfficeList, useRowDialogs } from './back-office-list';
import { ConfirmDeleteDialog } from './confirm-dialog';
import { ContentPictureField, useContentPicture } from './content-picture';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';

const STATE_LABELS = { live: 'Live', scheduled: 'Scheduled', ended: 'Ended', off: 'Off' } as const;
const PLACEMENT_LABELS = { banners: 'Banners', ads: 'Ads' } as const;

const optionalWallClock = z.union([
  z.literal(''),
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Enter a date and time.'),
]);
export const bannerFormSchema = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'The title field is required.')
      .max(120, 'The title may not be greater than 120 characters.'),
    url: z
      .string()
      .trim()
      .max(500, 'The link may not be greater than 500 characters.')
      .refine(
        (v) => v === '' || /^\/(?!\/)[^\s]*$/.test(v) || /^https:\/\/[^\s]+$/i.test(v),
        'A link must be a path on this site (starting with /) or start with https://.',
      ),
    media_id: z.number({ error: 'Choose a picture.' }).int().positive('Choose a picture.'),
    image_url: z.string(),
    position: z.string().regex(/^\d{1,6}$/, 'The position must be a number.'),
    is_active: z.boolean(),
    starts_at: optionalWallClock,
    ends_at: optionalWallClock,
  })
  .superRefine((v, ctx) => {
    if (v.starts_at && v.ends_at && v.ends_at <= v.starts_at)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'The end must be after the start.' });
  });
export type BannerFormValues = z.infer<typeof bannerFormSchema>;
const FIELDS = ['title', 'url', 'media_id', 'position', 'starts_at', 'ends_at'] as const;

export function bannerFormValues(b: OperatorBanner | null, timeZone: string): BannerFormValues {
  return {
    title: b?.title ?? '',
    url: b?.url ?? '',
    media_id: b?.image.id ?? 0,
    image_url: b?.image.url ?? '',
    position: String(b?.position ?? 0),
    is_active: b?.is_active ?? true,
    starts_at: b?.starts_at ? isoToMarketWallClock(b.starts_at, timeZone) : '',
    ends_at: b?.ends_at ? isoToMarketWallClock(b.ends_at, timeZone) : '',
  };
}

/** The body POST and PUT /api/operator/{banners|ads} take, from the form's values. */
export function bannerBody(v: BannerFormValues, timeZone: string) {
  const moment = (wall: string) => (wall ? (marketWallClockToIso(wall, timeZone) ?? wall) : null);
  return {
    title: v.title.trim(),
    url: v.url.trim() || null,
    media_id: v.media_id,
    position: Number(v.position),
    is_active: v.is_active,
    starts_at: moment(v.starts_at),
    ends_at: moment(v.ends_at),
  };
}

/** Makes or edits a banner or an ad: its picture (uploaded at once), title, link, order and window. */
function BannerFormDialog({
  open,
  placement,
  banner,
  onClose,
}: {
  open: boolean;
  placement: Placement;
  banner: OperatorBanner | null;
  onClose: () => void;
}) {
  const t = useT();
  const timeZone = useMarketTimeZone();
  const action = useBackOfficeAction();
  const form = useForm<BannerFormValues>({
    resolver: zodResolver(bannerFormSchema),
    values: bannerFormValues(banner, timeZone),
  });
  const picture = useContentPicture(form);
  const error = (name: keyof BannerFormValues) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message) : undefined;
  };
  const close = () => {
    picture.reset();
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await action.mutateAsync({
        path: banner ? `/api/operator/${placement}/${banner.id}` : `/api/operator/${placement}`,
        method: banner ? 'PUT' : 'POST',
        body: bannerBody(values, timeZone),
      });
      notifySuccess(reply.message);
      close();
    } catch (failure) {
      const rest = applyServerErrors(failure, FIELDS, (name, e) => form.setError(name, e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog
      open={open}
      onClose={close}
      title={
        placement === 'ads'
          ? banner
            ? t('Edit the ad')
            : t('New ad')
          : banner
            ? t('Edit the banner')
            : t('New banner')
      }
      className="max-w-xl"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <ContentPictureField
          picture={picture}
          alt={t('The picture shoppers see')}
          previewWidth="w-40"
          error={error('media_id')}
        />
        <TextField label={t('Title')} autoComplete="off" error={error('title')} {...form.register('title')} />
        <TextField
          label={t('Link (a path such as /shops, or https://…)')}
          dir="ltr"
          autoComplete="off"
          error={error('url')}
          {...form.register('url')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            type="datetime-local"
            label={t('Starts (empty: at once)')}
            error={error('starts_at')}
            {...form.register('starts_at')}
          />
          <TextField
            type="datetime-local"
            label={t('Ends (empty: no end)')}
            error={error('ends_at')}
            {...form.register('ends_at')}
          />
          <TextField
            label={t('Order (smaller first)')}
            inputMode="numeric"
            error={error('position')}
            {...form.register('position')}
          />
          <ActiveField className="self-end pb-2" label={t('Active')} registration={form.register('is_active')} />
        </div>
        <FormFooter
          rootError={form.formState.errors.root?.message}
          disabled={form.formState.isSubmitting || picture.uploading}
          onCancel={close}
        />
      </form>
    </AppDialog>
  );
}

const column = createColumnHelper<OperatorBanner>();

/** /operator/banners: the home page's banners (its slider) and ads, each shown within its window. */
export function BannersPage() {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const { params, update, filters, query, tableProps } = useBackOfficeList(['placement']);
  const placement: Placement = params.filters.placement === 'ads' ? 'ads' : 'banners';
  const list = useQuery(operatorBannersQueryOptions(api, placement, query));
  const dialogs = useRowDialogs<OperatorBanner>();

  const columns = useMemo(
    () => [
      column.accessor('image', {
        header: t('Picture'),
        enableSorting: false,
        cell: (c) => (
          <img
            src={c.getValue().url}
            alt=""
            className="h-10 w-20 rounded border border-slate-200 object-cover"
            loading="lazy"
          />
        ),
      }),
      column.accessor('title', {
        header: t('Title'),
        cell: (c) => (
          <span>
            {c.getValue()}
            {c.row.original.url && (
              <span className="block max-w-xs truncate text-xs text-slate-500" dir="ltr">
                {c.row.original.url}
              </span>
            )}
          </span>
        ),
      }),
      column.accessor('state', { header: t('State'), cell: (c) => t(STATE_LABELS[c.getValue()]) }),
      column.accessor('starts_at', {
        header: t('Window'),
        meta: { hideOnPhone: true },
        cell: (c) => (
          <span className="text-sm">
            {c.getValue() ? time.format(c.getValue() as string, 'dateTime') : t('From now on')}
            <span className="block text-xs text-slate-500">
              {c.row.original.ends_at ? time.format(c.row.original.ends_at, 'dateTime') : t('No end')}
            </span>
          </span>
        ),
      }),
      column.accessor('position', { header: t('Display order'), meta: { align: 'end' } }),
    ],
    [t, time],
  );

  return (
    <div className="space-y-5">
      <ListHeader newLabel={placement === 'ads' ? t('New ad') : t('New banner')} onNew={dialogs.create}>
        <PageHeading
          title={t('Banners and ads')}
          hint={t('The home page shows each one from its start to its end, smaller order first.')}
        />
      </ListHeader>
      <fieldset className="inline-flex rounded-lg border border-slate-200 bg-white p-1">
        <legend className="sr-only">{t('Placement')}</legend>
        {(['banners', 'ads'] as const).map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={placement === p}
            onClick={() => update({ filters: { placement: p === 'ads' ? 'ads' : '' } })}
            className={`rounded-md px-4 py-1.5 text-sm font-semibold ${
              placement === p ? 'bg-primary-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            {t(PLACEMENT_LABELS[p])}
          </button>
        ))}
      </fieldset>
      <FilterBar>
        <SearchFilter value={filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
        <StatusFilter
          label={t('State')}
          value={filters.state ?? ''}
          onChange={(state) => update({ filters: { state } })}
          options={BANNER_STATES.map((value) => ({ value, label: t(STATE_LABELS[value]) }))}
        />
      </FilterBar>
      <DataTable
        label={t(PLACEMENT_LABELS[placement])}
        columns={columns}
        rows={list.data?.items}
        {...tableProps(list)}
        sortable={BANNER_SORTS}
        getRowId={(b: OperatorBanner) => String(b.id)}
        emptyTitle={placement === 'ads' ? t('No ad matches.') : t('No banner matches.')}
        actions={(b: OperatorBanner) => (
          <>
            <EditRowButton name={b.title} onClick={() => dialogs.edit(b)} />
            <DeleteRowButton name={b.title} onClick={() => dialogs.remove(b)} />
          </>
        )}
      />
      <BannerFormDialog
        key={`${placement}-${dialogs.editing?.id ?? 'new'}`}
        open={dialogs.formOpen}
        placement={placement}
        banner={dialogs.editing}
        onClose={dialogs.closeForm}
      />
      <ConfirmDeleteDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={placement === 'ads' ? t('Delete the ad') : t('Delete the banner')}
        text={t('{{name}} leaves the home page and cannot be brought back.', { name: dialogs.deleting?.title ?? '' })}
        path={`/api/operator/${placement}/${dialogs.deleting?.id}`}
      />
    </div>
  );
}
