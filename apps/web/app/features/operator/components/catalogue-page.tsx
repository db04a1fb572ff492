import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCategory, adminCategoryRequestSchema, CATEGORY_SORTS } from '@shop/contracts/catalog-admin';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { useTableParams } from '../../../components/data-table/use-table-params';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { BACK_OFFICE_PER_PAGE } from '../api/back-office';
import { catalogueListQueryOptions, useCatalogueWrite } from '../api/catalogue';
import { CatalogueDeleteDialog } from './catalogue-delete-dialog';
import { FilterBar, PageHeading, SearchFilter } from './table-filters';

/** The other languages a name is written in (the name itself is English). */
const NAME_LOCALES = [
  { code: 'id', label: 'Name (Indonesian)', dir: 'ltr' },
  { code: 'ar', label: 'Name (Arabic)', dir: 'rtl' },
] as const;

type CategoryInput = z.input<typeof adminCategoryRequestSchema>;
type CategoryOutput = z.output<typeof adminCategoryRequestSchema>;
const CATEGORY_FIELDS = ['name', 'position', 'is_active'] as const;

/** The field error of a form, translated (the contract's messages are English keys). */
function useFieldError<F extends Record<string, unknown>>(errors: Partial<Record<keyof F, unknown>>) {
  const { t } = useTranslation();
  return (name: string) => {
    const path = name.split('.');
    let node: unknown = errors;
    for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? t(message) : undefined;
  };
}

function CategoryFormDialog({
  open,
  category,
  onClose,
}: {
  open: boolean;
  category: AdminCategory | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const write = useCatalogueWrite();
  const form = useForm<CategoryInput, unknown, CategoryOutput>({
    resolver: zodResolver(adminCategoryRequestSchema),
    values: {
      name: category?.name ?? '',
      translations: { id: category?.translations.id ?? '', ar: category?.translations.ar ?? '' },
      position: String(category?.position ?? 0),
      is_active: category?.is_active ?? true,
    },
  });
  const error = useFieldError(form.formState.errors);
  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await write.mutateAsync({
        path: category ? `/api/operator/categories/${category.id}` : '/api/operator/categories',
        method: category ? 'PUT' : 'POST',
        body: values,
      });
      notifySuccess(reply.message);
      onClose();
    } catch (failure) {
      const rest = applyServerErrors(failure, CATEGORY_FIELDS, (name, e) => form.setError(name, e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={category ? t('Edit the category') : t('New category')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField label={t('Name')} autoComplete="off" error={error('name')} {...form.register('name')} />
        {NAME_LOCALES.map((l) => (
          <TextField
            key={l.code}
            label={t(l.label)}
            lang={l.code}
            dir={l.dir}
            autoComplete="off"
            error={error(`translations.${l.code}`)}
            {...form.register(`translations.${l.code}`)}
          />
        ))}
        <TextField
          label={t('Sort order (smaller first)')}
          inputMode="numeric"
          error={error('position')}
          {...form.register('position')}
        />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...form.register('is_active')} />
          {t('Shown in the storefront')}
        </label>
        {form.formState.errors.root?.message && (
          <p role="alert" className="text-sm text-rose-600">
            {form.formState.errors.root.message}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('Save')}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}

/** A name with its translations under it (what the shopper reads in each language). */
function NameCell({ name, translations }: { name: string; translations: Record<string, string> }) {
  return (
    <span>
      {name}
      {NAME_LOCALES.map((l) =>
        translations[l.code] ? (
          <span key={l.code} lang={l.code} dir={l.dir} className="block text-xs text-slate-500">
            {translations[l.code]}
          </span>
        ) : null,
      )}
    </span>
  );
}

const categoryColumn = createColumnHelper<AdminCategory>();

function CategoriesSection() {
  const { t } = useTranslation();
  const api = useApi();
  const { params, update } = useTableParams();
  const { tab: _tab, ...filters } = params.filters;
  const query = {
    ...filters,
    page: params.page,
    sort: params.sort ?? undefined,
    direction: params.direction ?? undefined,
  };
  const list = useQuery(catalogueListQueryOptions(api, 'categories', query));
  const [editing, setEditing] = useState<AdminCategory | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);

  const columns = useMemo(
    () => [
      categoryColumn.accessor('name', {
        header: t('Name'),
        cell: (c) => <NameCell name={c.getValue()} translations={c.row.original.translations} />,
      }),
      categoryColumn.accessor('position', { header: t('Sort order'), meta: { align: 'end' } }),
      categoryColumn.accessor('products', { header: t('Products'), meta: { align: 'end' } }),
      categoryColumn.accessor('is_active', {
        header: t('Status'),
        cell: (c) => (c.getValue() ? t('Shown') : <span className="font-medium text-amber-700">{t('Hidden')}</span>),
      }),
    ],
    [t],
  );

  return (
    <section aria-labelledby="catalogue-categories" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="catalogue-categories" className="text-lg font-semibold text-slate-900">
          {t('Categories')}
        </h2>
        <Button onClick={() => setCreating(true)}>{t('New category')}</Button>
      </div>
      <FilterBar>
        <SearchFilter value={filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
      </FilterBar>
      <DataTable
        label={t('Categories')}
        columns={columns}
        rows={list.data?.rows}
        total={list.data?.total ?? 0}
        perPage={BACK_OFFICE_PER_PAGE}
        params={params}
        sortable={CATEGORY_SORTS}
        onPage={(page) => update({ page })}
        onSort={(sort) => update({ sort })}
        getRowId={(c: AdminCategory) => String(c.id)}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        emptyTitle={filters.q ? t('No category matches.') : t('No category yet.')}
        warnRow={(c: AdminCategory) => !c.is_active}
        actions={(c: AdminCategory) => (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(c)}
              aria-label={t('Edit {{name}}', { name: c.name })}
            >
              {t('Edit')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDeleting(c)}
              aria-label={t('Delete {{name}}', { name: c.name })}
            >
              {t('Delete')}
            </Button>
          </>
        )}
      />
      <CategoryFormDialog
        open={creating || editing !== null}
        category={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <CatalogueDeleteDialog
        row={deleting}
        list="categories"
        title={t('Delete the category')}
        moveLabel={t('Move its products to')}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}

/**
 * /operator/catalogue: the catalogue's structure the storefront is browsed by. Each list is
 * searched, sorted and paged on the server, and its URL keeps that state.
 */
export function CataloguePage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-5">
      <PageHeading
        title={t('Catalogue')}
        hint={t('Shoppers browse by these; a change shows in the storefront within a second.')}
      />
      <CategoriesSection />
    </div>
  );
}
