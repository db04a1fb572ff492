import { zodResolver } from '@hookform/resolvers/zod';
import { type OperatorPage, PAGE_KINDS, PAGE_SORTS } from '@shop/contracts/operator-content';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { TextField } from '../../../components/ui/text-field';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import { operatorPagesQueryOptions } from '../api/content';
import { ActiveField } from './back-office-form';
import {
  DeleteRowButton,
  EditRowButton,
  ListHeader,
  TextWithAddress,
  useBackOfficeList,
  useRowDialogs,
  ViewRowLink,
} from './back-office-list';
import { ConfirmDeleteDialog } from './confirm-dialog';
import {
  LanguageTextsDialog,
  refineTexts,
  TEXT_FIELDS,
  TEXT_LANGUAGES,
  textsBody,
  textsFormShape,
  textsFormValues,
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
  const t = useT();
  const form = useForm<PageFormValues>({ resolver: zodResolver(pageFormSchema), values: pageFormValues(page) });
  const legal = page?.kind === 'legal';
  const slugError = form.formState.errors.slug?.message;
  return (
    <LanguageTextsDialog
      open={open}
      onClose={onClose}
      title={page ? t('Edit the page') : t('New page')}
      form={form}
      path="/api/operator/pages"
      id={page?.id}
      body={(values) => ({ ...textsBody(values), slug: values.slug.trim() || null, is_active: values.is_active })}
      fields={FIELDS}
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
          <ActiveField
            className="self-end pb-2"
            label={t('Shown on the storefront')}
            registration={form.register('is_active')}
          />
        </div>
      }
    />
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
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const { params, update, query, tableProps } = useBackOfficeList();
  const list = useQuery(operatorPagesQueryOptions(api, query));
  const dialogs = useRowDialogs<OperatorPage>();

  const columns = useMemo(
    () => [
      column.accessor('title', {
        header: t('Title'),
        cell: (c) => <TextWithAddress text={c.getValue()} address={pagePath(c.row.original)} />,
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
      <ListHeader newLabel={t('New page')} onNew={dialogs.create}>
        <PageHeading
          title={t('Pages')}
          hint={t('The policy pages and any other page, in each language; the storefront shows a change at once.')}
        />
      </ListHeader>
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
        {...tableProps(list)}
        sortable={PAGE_SORTS}
        getRowId={(p: OperatorPage) => String(p.id)}
        emptyTitle={t('No page matches.')}
        actions={(p: OperatorPage) => (
          <>
            <EditRowButton name={p.title} onClick={() => dialogs.edit(p)} />
            {p.is_active && <ViewRowLink href={pagePath(p)} name={p.title} />}
            {p.kind === 'cms' && <DeleteRowButton name={p.title} onClick={() => dialogs.remove(p)} />}
          </>
        )}
      />
      <PageFormDialog
        key={dialogs.editing?.id ?? 'new'}
        open={dialogs.formOpen}
        page={dialogs.editing}
        onClose={dialogs.closeForm}
      />
      <ConfirmDeleteDialog
        open={dialogs.deleting !== null}
        onClose={dialogs.closeDelete}
        title={t('Delete the page')}
        text={t('{{name}} leaves the storefront and its address stops working.', {
          name: dialogs.deleting?.title ?? '',
        })}
        path={`/api/operator/pages/${dialogs.deleting?.id}`}
      />
    </div>
  );
}
