import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminCategory, adminCategoryRequestSchema, CATEGORY_SORTS } from '@shop/contracts/catalog-admin';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
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
import { applyServerErrors, serverFieldErrors } from '../../../lib/form-errors';
import { BACK_OFFICE_PER_PAGE } from '../api/back-office';
import { catalogueListQueryOptions, cataloguePath, useCatalogueWrite } from '../api/catalogue';
import { CatalogueDeleteDialog } from './catalogue-delete-dialog';
import {
  ActiveField,
  FormFooter,
  type ImageChoice,
  ImageField,
  NameCell,
  NameFields,
  saveRow,
  Thumbnail,
  useFieldError,
} from './catalogue-form-parts';
import { FilterBar, SearchFilter } from './table-filters';

type CategoryInput = z.input<typeof adminCategoryRequestSchema>;
type CategoryOutput = z.output<typeof adminCategoryRequestSchema>;
const CATEGORY_FIELDS = ['name', 'position', 'is_active'] as const;
const NO_IMAGE: ImageChoice = { file: null, remove: false };

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
  const [savedId, setSavedId] = useState<number | null>(null);
  const [image, setImage] = useState<ImageChoice>(NO_IMAGE);
  const [imageError, setImageError] = useState<string | undefined>();
  useEffect(() => {
    if (!open) return;
    setSavedId(null);
    setImage(NO_IMAGE);
    setImageError(undefined);
  }, [open]);
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
    setImageError(undefined);
    try {
      const message = await saveRow(write, {
        path: cataloguePath('categories'),
        id: category?.id ?? savedId,
        body: values,
        image,
        hadImage: Boolean(category?.image),
        onSaved: setSavedId,
      });
      notifySuccess(message);
      onClose();
    } catch (failure) {
      const imageMessage = serverFieldErrors(failure).image;
      if (imageMessage) {
        setImageError(imageMessage);
        return;
      }
      const rest = applyServerErrors(failure, CATEGORY_FIELDS, (name, e) => form.setError(name, e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={category ? t('Edit the category') : t('New category')}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <NameFields register={(name) => form.register(name)} error={error} />
        <TextField
          label={t('Sort order (smaller first)')}
          inputMode="numeric"
          error={error('position')}
          {...form.register('position')}
        />
        <ImageField
          label={t('Thumbnail')}
          current={category?.image ?? null}
          choice={image}
          onChange={(next) => {
            setImage(next);
            setImageError(undefined);
          }}
          error={imageError}
        />
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
      column.accessor('name', {
        header: t('Name'),
        cell: (c) => (
          <span className="flex min-w-0 items-start gap-3">
            <Thumbnail src={c.row.original.image} />
            <NameCell name={c.getValue()} translations={c.row.original.translations} />
          </span>
        ),
      }),
      column.accessor('position', { header: t('Sort order'), meta: { align: 'end' } }),
      column.accessor('products', { header: t('Products'), meta: { align: 'end' } }),
      column.accessor('is_active', {
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
