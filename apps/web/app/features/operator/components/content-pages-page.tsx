import { zodResolver } from '@hookform/resolvers/zod';
import { type OperatorPage, PAGE_KINDS, PAGE_SORTS } from '@shop/contracts/operator-content';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { useTableParams } from '../../../components/data-table/use-table-params';
import { Button, buttonClass } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { useMarketTime } from '../../../lib/market-time';
import { BACK_OFFICE_PER_PAGE, useBackOfficeAction } from '../api/back-office';
import { operatorPagesQueryOptions } from '../api/content';
import { ConfirmDialog } from './confirm-dialog';
import {
  LanguageTexts,
  refineTexts,
  TEXT_FIELDS,
  TEXT_LANGUAGES,
  textsBody,
  textsFormShape,
  textsFormValues,
  textsServerErrors,
} from './content-texts';
import { FilterBar, PageHeading, SearchFilter, StatusFilter } from './table-filters';

const KIND_LABELS = { legal: 'Policy page', cms: 'CMS page' } as const;
const slugField = z
  .string()
  .trim()
  .max(160, 'The slug may not be greater than 160 characters.')
  .refine(
    (v) => v === '' || /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(v),
    'The slug may contain only lowercase letters, digits and single dashes.',
  );
export const pageFormSchema = z
  .object({ ...textsFormShape, slug: slugField, is_active: z.boolean() })
  .superRefine(refineTexts);
export type PageFormValues = z.infer<typeof pageFormSchema>;
const FIELDS = [...TEXT_FIELDS, 'slug'] as const;

/** Where shoppers read a page: a policy page at its own address, any other under /page/. */
export const pagePath = (p: Pick<OperatorPage, 'kind' | 'slug'>) =>
  p.kind === 'legal' ? `/${p.slug}` : `/page/${p.slug}`;

export function pageFormValues(page: OperatorPage | null): PageFormValues {
  return { ...textsFormValues(page), slug: page?.slug ?? '', is_active: page?.is_active ?? true };
}

function PageFormDialog({ open, page, onClose }: { open: boolean; page: OperatorPage | null; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const action = useBackOfficeAction();
  const form = useForm<PageFormValues>({ resolver: zodResolver(pageFormSchema), values: pageFormValues(page) });
  const legal = page?.kind === 'legal';
  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await action.mutateAsync({
        path: page ? `/api/operator/pages/${page.id}` : '/api/operator/pages',
        method: page ? 'PUT' : 'POST',
        body: { ...textsBody(values), slug: values.slug.trim() || null, is_active: values.is_active },
      });
      notifySuccess(reply.message);
      onClose();
    } catch (failure) {
      const fields = textsServerErrors(failure);
      const rest: string[] = [];
      for (const [name, message] of Object.entries(fields)) {
        if ((FIELDS as readonly string[]).includes(name))
          form.setError(name as (typeof FIELDS)[number], { type: 'server', message });
        else rest.push(message);
      }
      if (rest.length > 0 || Object.keys(fields).length === 0)
        form.setError('root', { type: 'server', message: rest.join(' ') || (failure as Error).message });
    }
  });
  const slugError = form.formState.errors.slug?.message;
  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={page ? t('Edit the page') : t('New page')}
      className="max-h-[92vh] max-w-4xl overflow-y-auto"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <LanguageTexts
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          idPrefix={id}
          textHint={t('What shoppers read on the page. Scripts and styles are removed when it is saved.')}
          before={
            <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
              <TextField
                label={legal ? t('Address (a policy page keeps its own)') : t('Address (empty: made from the title)')}
                prefix={<span dir="ltr">{legal ? '/' : '/page/'}</span>}
                dir="ltr"
                autoComplete="off"
                readOnly={legal}
                error={slugError ? t(slugError) : undefined}
                {...form.register('slug')}
              />
              <label className="flex items-center gap-2 self-end pb-2 text-sm">
                <input type="checkbox" className="size-4" {...form.register('is_active')} />
                {t('Shown on the storefront')}
              </label>
            </div>
          }
        />
        {form.formState.errors.root?.message && (
          <p role="alert" className="text-sm text-rose-600">
            {form.formState.errors.root.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}

const column = createColumnHelper<OperatorPage>();

/** The languages a page or post is written in, as short codes (EN always). */
export function writtenIn(translations: Record<string, { title: string }>): string {
  return TEXT_LANGUAGES.filter((l) => l.code === 'en' || translations[l.code]?.title)
    .map((l) => l.code.toUpperCase())
    .join(' · ');
}

/** /operator/pages: the policy pages and CMS pages, with their text in each language. */
export function ContentPagesPage() {
  const { t } = useTranslation();
  const api = useApi();
  const time = useMarketTime();
  const { params, update } = useTableParams();
  const query = {
    ...params.filters,
    page: params.page,
    sort: params.sort ?? undefined,
    direction: params.direction ?? undefined,
  };
  const list = useQuery(operatorPagesQueryOptions(api, query));
  const action = useBackOfficeAction();
  const [editing, setEditing] = useState<OperatorPage | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<OperatorPage | null>(null);

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: t('Title'),
        cell: (c) => (
          <span>
            {c.getValue()}
            <span className="block text-xs text-slate-500" dir="ltr">
              {pagePath(c.row.original)}
            </span>
          </span>
        ),
      }),
      column.display({
        id: 'languages',
        header: t('Languages'),
        meta: { hideOnPhone: true },
        cell: (c) => <span dir="ltr">{writtenIn(c.row.original.translations)}</span>,
      }),
      column.accessor('kind', { header: t('Kind'), cell: (c) => t(KIND_LABELS[c.getValue()]) }),
      column.accessor('is_active', {
        header: t('Status'),
        cell: (c) => (c.getValue() ? t('Shown') : t('Hidden')),
      }),
      column.accessor('updated_at', {
        header: t('Updated'),
        meta: { hideOnPhone: true },
        cell: (c) => time.format(c.getValue(), 'dateTime'),
      }),
    ],
    [t, time],
  );

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PageHeading
          title={t('Pages')}
          hint={t('The policy pages and any other page, in each language; the storefront shows a change at once.')}
        />
        <Button onClick={() => setCreating(true)}>{t('New page')}</Button>
      </div>
      <FilterBar>
        <SearchFilter value={params.filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
        <StatusFilter
          label={t('Kind')}
          value={params.filters.kind ?? ''}
          onChange={(kind) => update({ filters: { kind } })}
          options={PAGE_KINDS.map((value) => ({ value, label: t(KIND_LABELS[value]) }))}
        />
      </FilterBar>
      <DataTable
        label={t('Pages')}
        columns={columns}
        rows={list.data?.pages}
        total={list.data?.total ?? 0}
        perPage={BACK_OFFICE_PER_PAGE}
        params={params}
        sortable={PAGE_SORTS}
        onPage={(page) => update({ page })}
        onSort={(sort) => update({ sort })}
        getRowId={(p: OperatorPage) => String(p.id)}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        emptyTitle={t('No page matches.')}
        actions={(p: OperatorPage) => (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(p)}
              aria-label={t('Edit {{name}}', { name: p.title })}
            >
              {t('Edit')}
            </Button>
            {p.is_active && (
              <a
                href={pagePath(p)}
                target="_blank"
                rel="noopener"
                className={buttonClass('ghost', 'sm')}
                aria-label={t('View {{name}} on the storefront', { name: p.title })}
              >
                {t('View')}
              </a>
            )}
            {p.kind === 'cms' && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setDeleting(p)}
                aria-label={t('Delete {{name}}', { name: p.title })}
              >
                {t('Delete')}
              </Button>
            )}
          </>
        )}
      />
      <PageFormDialog
        key={editing?.id ?? 'new'}
        open={creating || editing !== null}
        page={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('Delete the page')}
        text={t('{{name}} leaves the storefront and its address stops working.', { name: deleting?.title ?? '' })}
        confirmLabel={t('Delete')}
        busy={action.isPending}
        onConfirm={() =>
          void action
            .mutateAsync({ path: `/api/operator/pages/${deleting?.id}`, method: 'DELETE' })
            .then((reply) => notifySuccess(reply.message))
            .catch((failure: Error) => notifyError(failure.message))
            .finally(() => setDeleting(null))
        }
      />
    </div>
  );
}
