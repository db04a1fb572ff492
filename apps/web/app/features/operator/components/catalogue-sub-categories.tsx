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
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { useTableParams } from '../../../components/data-table/use-table-params';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { FieldError, TextField } from '../../../components/ui/text-field';
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
import { FilterBar, SearchFilter, StatusFilter } from './table-filters';

type SubCategoryInput = z.input<typeof adminSubCategoryRequestSchema>;
type SubCategoryOutput = z.output<typeof adminSubCategoryRequestSchema>;
const FIELDS = ['name', 'position', 'is_active', 'category_ids'] as const;
const NO_IMAGE: ImageChoice = { file: null, remove: false };

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
  const { t } = useTranslation();
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
  const { t } = useTranslation();
  const write = useCatalogueWrite();
  const [savedId, setSavedId] = useState<number | null>(null);
  const [image, setImage] = useState<ImageChoice>(NO_IMAGE);
  const [imageError, setImageError] = useState<string | undefined>();
  const [chosen, setChosen] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    if (!open) return;
    setSavedId(null);
    setImage(NO_IMAGE);
    setImageError(undefined);
    setChosen(subCategory?.categories ?? []);
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
  const submit = form.handleSubmit(async (values) => {
    setImageError(undefined);
    try {
      const message = await saveRow(write, {
        path: cataloguePath('sub-categories'),
        id: subCategory?.id ?? savedId,
        body: values,
        image,
        hadImage: Boolean(subCategory?.image),
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
      const rest = applyServerErrors(failure, FIELDS, (name, e) => form.setError(name, e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={subCategory ? t('Edit the subcategory') : t('New subcategory')}>
      <form onSubmit={submit} noValidate className="space-y-4">
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
        <TextField
          label={t('Sort order (smaller first)')}
          inputMode="numeric"
          error={error('position')}
          {...form.register('position')}
        />
        <ImageField
          label={t('Thumbnail')}
          current={subCategory?.image ?? null}
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

const column = createColumnHelper<AdminSubCategory>();

/** The subcategories: the storefront's second level, each under one or more categories. */
export function SubCategoriesSection() {
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
  const list = useQuery(catalogueListQueryOptions(api, 'sub-categories', query));
  const categories = useQuery(catalogueListQueryOptions(api, 'categories', allCategories));
  const [editing, setEditing] = useState<AdminSubCategory | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<AdminSubCategory | null>(null);

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
      column.accessor((s) => s.categories.map((c) => c.name).join(', '), {
        id: 'categories',
        header: t('Categories'),
      }),
      column.accessor('position', { header: t('Sort order'), meta: { align: 'end', hideOnPhone: true } }),
      column.accessor('products', { header: t('Products'), meta: { align: 'end' } }),
      column.accessor('is_active', {
        header: t('Status'),
        cell: (c) => (c.getValue() ? t('Shown') : <span className="font-medium text-amber-700">{t('Hidden')}</span>),
      }),
    ],
    [t],
  );

  return (
    <section aria-labelledby="catalogue-sub-categories" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="catalogue-sub-categories" className="text-lg font-semibold text-slate-900">
          {t('Subcategories')}
        </h2>
        <Button onClick={() => setCreating(true)}>{t('New subcategory')}</Button>
      </div>
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
        total={list.data?.total ?? 0}
        perPage={BACK_OFFICE_PER_PAGE}
        params={params}
        sortable={SUB_CATEGORY_SORTS}
        onPage={(page) => update({ page })}
        onSort={(sort) => update({ sort })}
        getRowId={(s: AdminSubCategory) => String(s.id)}
        loading={list.isPending}
        error={list.isError}
        onRetry={() => void list.refetch()}
        emptyTitle={filters.q || filters.category_id ? t('No subcategory matches.') : t('No subcategory yet.')}
        warnRow={(s: AdminSubCategory) => !s.is_active}
        actions={(s: AdminSubCategory) => (
          <>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setEditing(s)}
              aria-label={t('Edit {{name}}', { name: s.name })}
            >
              {t('Edit')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => setDeleting(s)}
              aria-label={t('Delete {{name}}', { name: s.name })}
            >
              {t('Delete')}
            </Button>
          </>
        )}
      />
      <SubCategoryFormDialog
        open={creating || editing !== null}
        subCategory={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <CatalogueDeleteDialog
        row={deleting}
        list="sub-categories"
        title={t('Delete the subcategory')}
        moveLabel={t('Move its products to')}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
