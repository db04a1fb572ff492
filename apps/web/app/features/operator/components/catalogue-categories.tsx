import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCategory, adminCategoryRequestSchema, CATEGORY_SORTS } from '@shop/contracts/catalog-admin';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { AppDialog } from '../../../components/ui/dialog';
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
import { FilterBar, SearchFilter } from './table-filters';

type CategoryInput = z.input<typeof adminCategoryRequestSchema>;
type CategoryOutput = z.output<typeof adminCategoryRequestSchema>;
const CATEGORY_FIELDS = ['name', 'position', 'is_active'] as const;

function CategoryFormDialog({
  open,
  category,
  onClose,
}: {
  open: boolean;
  category: AdminCategory | null;
  onClose: () => void;
}) {
  const t = useT();
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
  const { submit, imageField } = useCatalogueSave({
    open,
    form,
    path: cataloguePath('categories'),
    id: category?.id ?? null,
    hadImage: Boolean(category?.image),
    fields: CATEGORY_FIELDS,
    onClose,
  });
  return (
    <AppDialog open={open} onClose={onClose} title={category ? t('Edit the category') : t('New category')}>
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <NameFields register={(name) => form.register(name)} error={error} />
        <SortOrderField error={error('position')} registration={form.register('position')} />
        <ImageField label={t('Thumbnail')} current={category?.image ?? null} {...imageField} />
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

const column = createColumnHelper<AdminCategory>();

/** The categories: the storefront's first level, each with a thumbnail and an order. */
export function CategoriesSection() {
  const t = useT();
  const api = useApi();
  const { filters, update, query, tableProps } = useBackOfficeList(['tab']);
  const list = useQuery(catalogueListQueryOptions(api, 'categories', query));
  const dialogs = useRowDialogs<AdminCategory>();

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
      column.accessor('position', { header: t('Sort order'), meta: { align: 'end' } }),
      column.accessor('products', { header: t('Products'), meta: { align: 'end' } }),
      column.accessor('is_active', {
        header: t('Status'),
        cell: (c) => <ActiveStatus active={c.getValue()} shown={t('Shown')} hidden={t('Hidden')} />,
      }),
    ],
    [t],
  );

  return (
    <section aria-labelledby="catalogue-categories" className="space-y-4">
      <ListHeader newLabel={t('New category')} onNew={dialogs.create}>
        <h2 id="catalogue-categories" className="text-lg font-semibold text-slate-900">
          {t('Categories')}
        </h2>
      </ListHeader>
      <FilterBar>
        <SearchFilter value={filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
      </FilterBar>
      <DataTable
        label={t('Categories')}
        columns={columns}
        rows={list.data?.rows}
        {...tableProps(list)}
        sortable={CATEGORY_SORTS}
        getRowId={(c: AdminCategory) => String(c.id)}
        emptyTitle={filters.q ? t('No category matches.') : t('No category yet.')}
        warnRow={(c: AdminCategory) => !c.is_active}
        actions={(c: AdminCategory) => <CatalogueRowActions row={c} dialogs={dialogs} />}
      />
      <CategoryFormDialog open={dialogs.formOpen} category={dialogs.editing} onClose={dialogs.closeForm} />
      <CatalogueDeleteDialog
        row={dialogs.deleting}
        list="categories"
        title={t('Delete the category')}
        moveLabel={t('Move its products to')}
        onClose={dialogs.closeDelete}
      />
    </section>
  );
}
