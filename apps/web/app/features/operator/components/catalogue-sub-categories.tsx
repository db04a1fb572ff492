import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminSubCategory,
  adminSubCategoryRequestSchema,
  SUB_CATEGORY_SORTS,
} from '@shop/contracts/catalog-admin';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { AppDialog } from '../../../components/ui/dialog';
import { FieldError, TextField } from '../../../components/ui/text-field';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { catalogueListQueryOptions, cataloguePath } from '../api/catalogue';
import { ActiveField, FormFooter } from './back-office-form';
import { ListHeader, useBackOfficeList, useRowDialogs } from './back-office-list';
import { CatalogueDeleteDialog } from './catalogue-delete-dialog';
import {
  ActiveStatus,
  CatalogueRowActions,
  ImageField,
  NameFields,
  NameWithThumbnail,
  SortOrderField,
  useCatalogueSave,
  useFieldError,
} from './catalogue-form-parts';
import { FilterBar, SearchFilter, StatusFilter } from './table-filters';

type SubCategoryInput = z.input<typeof adminSubCategoryRequestSchema>;
type SubCategoryOutput = z.output<typeof adminSubCategoryRequestSchema>;
const FIELDS = ['name', 'position', 'is_active', 'category_ids'] as const;

/** Every category, by name, for the filter and the form (the back office's largest page). */
const allCategories = { per_page: 100, sort: 'name', direction: 'asc' } as const;

/**
 * The categories a subcategory shows under: the chosen ones first, then the search's results.
 * Searched on the server, so a long list of categories stays usable.
 */
function CategoryChoice({
  chosen,
  onChange,
  error,
}: {
  chosen: readonly { id: number; name: string }[];
  onChange: (next: { id: number; name: string }[]) => void;
  error?: string;
}) {
  const t = useT();
  const api = useApi();
  const [q, setQ] = useState('');
  const [sent, setSent] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSent(q.trim()), 400);
    return () => clearTimeout(timer);
  }, [q]);
  const found = useQuery(catalogueListQueryOptions(api, 'categories', { ...allCategories, q: sent }));
  const chosenIds = new Set(chosen.map((c) => c.id));
  const rows = [...chosen, ...(found.data?.rows ?? []).filter((c) => !chosenIds.has(c.id))];
  return (
    <fieldset className="min-w-0 space-y-2" aria-describedby={error ? 'sub-category-categories-error' : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{t('Shown under these categories')}</legend>
      <TextField
        type="search"
        label={t('Find a category')}
        value={q}
        maxLength={100}
        onChange={(event) => setQ(event.target.value)}
      />
      <div className="max-h-48 space-y-1 overflow-y-auto rounded-lg border border-slate-200 p-2">
        {found.isPending && <p className="text-sm text-slate-500">{t('Loading…')}</p>}
        {found.isError && (
          <p role="alert" className="text-sm text-rose-600">
            {t('This list could not be loaded.')}
          </p>
        )}
        {rows.map((c) => (
          <label key={c.id} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4"
              checked={chosenIds.has(c.id)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? [...chosen, { id: c.id, name: c.name }]
                    : chosen.filter((other) => other.id !== c.id),
                )
              }
            />
            {c.name}
          </label>
        ))}
        {!found.isPending && rows.length === 0 && <p className="text-sm text-slate-500">{t('No category matches.')}</p>}
      </div>
      <FieldError id="sub-category-categories-error" message={error} />
    </fieldset>
  );
}

function SubCategoryFormDialog({
  open,
  subCategory,
  onClose,
}: {
  open: boolean;
  subCategory: AdminSubCategory | null;
  onClose: () => void;
}) {
  const t = useT();
  const [chosen, setChosen] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    if (open) setChosen(subCategory?.categories ?? []);
  }, [open, subCategory]);
  const form = useForm<SubCategoryInput, unknown, SubCategoryOutput>({
    resolver: zodResolver(adminSubCategoryRequestSchema),
    values: {
      name: subCategory?.name ?? '',
      translations: { id: subCategory?.translations.id ?? '', ar: subCategory?.translations.ar ?? '' },
      position: String(subCategory?.position ?? 0),
      is_active: subCategory?.is_active ?? true,
      category_ids: (subCategory?.categories ?? []).map((c) => c.id),
    },
  });
  const error = useFieldError(form.formState.errors);
  const { submit, imageField } = useCatalogueSave({
    open,
    form,
    path: cataloguePath('sub-categories'),
    id: subCategory?.id ?? null,
    hadImage: Boolean(subCategory?.image),
    fields: FIELDS,
    onClose,
  });
  return (
    <AppDialog open={open} onClose={onClose} title={subCategory ? t('Edit the subcategory') : t('New subcategory')}>
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <NameFields register={(name) => form.register(name)} error={error} />
        <CategoryChoice
          chosen={chosen}
          onChange={(next) => {
            setChosen(next);
            form.setValue(
              'category_ids',
              next.map((c) => c.id),
              { shouldValidate: form.formState.isSubmitted },
            );
          }}
          error={error('category_ids')}
        />
        <SortOrderField error={error('position')} registration={form.register('position')} />
        <ImageField label={t('Thumbnail')} current={subCategory?.image ?? null} {...imageField} />
        <ActiveField label={t('Shown in the storefront')} registration={form.register('is_active')} />
        <FormFooter
          rootError={form.formState.errors.root?.message}
          busy={form.formState.isSubmitting}
          onCancel={onClose}
        />
      </form>
    </AppDialog>
  );
}

const column = createColumnHelper<AdminSubCategory>();

/** The subcategories: the storefront's second level, each under one or more categories. */
export function SubCategoriesSection() {
  const t = useT();
  const api = useApi();
  const { filters, update, query, tableProps } = useBackOfficeList(['tab']);
  const list = useQuery(catalogueListQueryOptions(api, 'sub-categories', query));
  const categories = useQuery(catalogueListQueryOptions(api, 'categories', allCategories));
  const dialogs = useRowDialogs<AdminSubCategory>();

  const columns = useMemo(
    () => [
      column.accessor('name', {
        header: t('Name'),
        cell: (c) => (
          <NameWithThumbnail
            name={c.getValue()}
            translations={c.row.original.translations}
            thumbnail={c.row.original.image}
          />
        ),
      }),
      column.accessor((s) => s.categories.map((c) => c.name).join(', '), {
        id: 'categories',
        header: t('Categories'),
      }),
      column.accessor('position', { header: t('Sort order'), meta: { align: 'end', hideOnPhone: true } }),
      column.accessor('products', { header: t('Products'), meta: { align: 'end' } }),
      column.accessor('is_active', {
        header: t('Status'),
        cell: (c) => <ActiveStatus active={c.getValue()} shown={t('Shown')} hidden={t('Hidden')} />,
      }),
    ],
    [t],
  );

  return (
    <section aria-labelledby="catalogue-sub-categories" className="space-y-4">
      <ListHeader newLabel={t('New subcategory')} onNew={dialogs.create}>
        <h2 id="catalogue-sub-categories" className="text-lg font-semibold text-slate-900">
          {t('Subcategories')}
        </h2>
      </ListHeader>
      <FilterBar>
        <SearchFilter value={filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
        <StatusFilter
          label={t('Category')}
          value={filters.category_id ?? ''}
          onChange={(category_id) => update({ filters: { category_id } })}
          options={(categories.data?.rows ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
      </FilterBar>
      <DataTable
        label={t('Subcategories')}
        columns={columns}
        rows={list.data?.rows}
        {...tableProps(list)}
        sortable={SUB_CATEGORY_SORTS}
        getRowId={(s: AdminSubCategory) => String(s.id)}
        emptyTitle={filters.q || filters.category_id ? t('No subcategory matches.') : t('No subcategory yet.')}
        warnRow={(s: AdminSubCategory) => !s.is_active}
        actions={(s: AdminSubCategory) => <CatalogueRowActions row={s} dialogs={dialogs} />}
      />
      <SubCategoryFormDialog open={dialogs.formOpen} subCategory={dialogs.editing} onClose={dialogs.closeForm} />
      <CatalogueDeleteDialog
        row={dialogs.deleting}
        list="sub-categories"
        title={t('Delete the subcategory')}
        moveLabel={t('Move its products to')}
        onClose={dialogs.closeDelete}
      />
    </section>
  );
}
