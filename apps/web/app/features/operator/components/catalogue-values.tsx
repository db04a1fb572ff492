import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminBrand,
  type AdminColor,
  type AdminSize,
  type AdminUnit,
  adminBrandRequestSchema,
  adminColorRequestSchema,
  adminSizeRequestSchema,
  adminUnitRequestSchema,
  SIZE_SORTS,
  VALUE_SORTS,
} from '@shop/contracts/catalog-admin';
import { useQuery } from '@tanstack/react-query';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DataTable } from '../../../components/data-table/data-table';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
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

/** A value of any of the four lists: its kind's own column is there for its kind. */
type Value = AdminUnit &
  Partial<Pick<AdminBrand, 'image'> & Pick<AdminColor, 'color_code'> & Pick<AdminSize, 'position'>>;
type ValueList = 'brands' | 'colors' | 'sizes' | 'units';

/** The form's values, whichever list (a kind's own field is left out of the others' bodies). */
interface ValueFormInput {
  name: string;
  translations?: Record<string, string>;
  is_active?: boolean;
  color_code?: string;
  position?: unknown;
}
type ValueSchema = z.ZodType<ValueFormInput, ValueFormInput>;

/** What each list shows and asks for, in the page's words. */
const LISTS: Record<
  ValueList,
  {
    title: string;
    add: string;
    edit: string;
    remove: string;
    none: string;
    noMatch: string;
    sorts: readonly string[];
    schema: ValueSchema;
    own?: 'image' | 'color_code' | 'position';
  }
> = {
  brands: {
    title: 'Brands',
    add: 'New brand',
    edit: 'Edit the brand',
    remove: 'Delete the brand',
    none: 'No brand yet.',
    noMatch: 'No brand matches.',
    sorts: VALUE_SORTS,
    schema: adminBrandRequestSchema as unknown as ValueSchema,
    own: 'image',
  },
  colors: {
    title: 'Colours',
    add: 'New colour',
    edit: 'Edit the colour',
    remove: 'Delete the colour',
    none: 'No colour yet.',
    noMatch: 'No colour matches.',
    sorts: VALUE_SORTS,
    schema: adminColorRequestSchema as unknown as ValueSchema,
    own: 'color_code',
  },
  sizes: {
    title: 'Sizes',
    add: 'New size',
    edit: 'Edit the size',
    remove: 'Delete the size',
    none: 'No size yet.',
    noMatch: 'No size matches.',
    sorts: SIZE_SORTS,
    schema: adminSizeRequestSchema as unknown as ValueSchema,
    own: 'position',
  },
  units: {
    title: 'Units',
    add: 'New unit',
    edit: 'Edit the unit',
    remove: 'Delete the unit',
    none: 'No unit yet.',
    noMatch: 'No unit matches.',
    sorts: VALUE_SORTS,
    schema: adminUnitRequestSchema as unknown as ValueSchema,
  },
};

const FIELDS = ['name', 'is_active', 'color_code', 'position'] as const;

/** A colour's swatch and code, the code read left to right in every language. */
function Swatch({ code }: { code: string }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span aria-hidden="true" className="size-5 rounded border border-slate-300" style={{ backgroundColor: code }} />
      <bdi dir="ltr" className="font-mono text-xs">
        {code}
      </bdi>
    </span>
  );
}

function ValueFormDialog({
  list,
  open,
  value,
  onClose,
}: {
  list: ValueList;
  open: boolean;
  value: Value | null;
  onClose: () => void;
}) {
  const t = useT();
  const says = LISTS[list];
  const form = useForm<ValueFormInput>({
    resolver: zodResolver(says.schema),
    values: {
      name: value?.name ?? '',
      translations: { id: value?.translations.id ?? '', ar: value?.translations.ar ?? '' },
      is_active: value?.is_active ?? true,
      ...(says.own === 'color_code' ? { color_code: value?.color_code ?? '#' } : {}),
      ...(says.own === 'position' ? { position: String(value?.position ?? 0) } : {}),
    },
  });
  const error = useFieldError(form.formState.errors);
  const code = form.watch('color_code');
  const { submit, imageField } = useCatalogueSave({
    open,
    form,
    path: cataloguePath(list),
    id: value?.id ?? null,
    image: says.own === 'image',
    hadImage: Boolean(value?.image),
    fields: FIELDS,
    onClose,
  });
  return (
    <AppDialog open={open} onClose={onClose} title={value ? t(says.edit) : t(says.add)}>
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <NameFields register={(name) => form.register(name)} error={error} />
        {says.own === 'color_code' && (
          <div className="flex items-end gap-3">
            <TextField
              label={t('Colour code')}
              dir="ltr"
              autoComplete="off"
              maxLength={7}
              placeholder="#1E40AF"
              className="min-w-0 flex-1"
              error={error('color_code')}
              {...form.register('color_code')}
            />
            <span
              aria-hidden="true"
              className="mb-1.5 size-9 shrink-0 rounded-lg border border-slate-300"
              style={{ backgroundColor: /^#[0-9A-Fa-f]{6}$/.test(code ?? '') ? code : 'transparent' }}
            />
          </div>
        )}
        {says.own === 'position' && (
          <SortOrderField error={error('position')} registration={form.register('position')} />
        )}
        {says.own === 'image' && <ImageField label={t('Logo')} current={value?.image ?? null} {...imageField} />}
        <ActiveField label={t('Offered to shops')} registration={form.register('is_active')} />
        <FormFooter
          rootError={form.formState.errors.root?.message}
          busy={form.formState.isSubmitting}
          onCancel={onClose}
        />
      </form>
    </AppDialog>
  );
}

const column = createColumnHelper<Value>();

/**
 * One list of platform-wide values (brands, colours, sizes or units) every shop may give its
 * products: search, sort and paging on the server, a form to add and change, and a delete that
 * moves the products of a used one.
 */
export function ValuesSection({ list }: { list: ValueList }) {
  const t = useT();
  const api = useApi();
  const says = LISTS[list];
  const { filters, update, query, tableProps } = useBackOfficeList(['tab']);
  const rows = useQuery(catalogueListQueryOptions(api, list, query));
  const dialogs = useRowDialogs<Value>();

  const columns = useMemo(() => {
    const own: ColumnDef<Value, never>[] = [];
    if (says.own === 'color_code')
      own.push(
        column.accessor((v) => v.color_code ?? '', {
          id: 'color_code',
          header: t('Colour code'),
          cell: (c) => <Swatch code={c.getValue()} />,
        }) as ColumnDef<Value, never>,
      );
    if (says.own === 'position')
      own.push(
        column.accessor((v) => v.position ?? 0, {
          id: 'position',
          header: t('Sort order'),
          meta: { align: 'end' },
        }) as ColumnDef<Value, never>,
      );
    return [
      column.accessor('name', {
        header: t('Name'),
        cell: (c) => (
          <NameWithThumbnail
            name={c.getValue()}
            translations={c.row.original.translations}
            thumbnail={says.own === 'image' ? (c.row.original.image ?? null) : undefined}
          />
        ),
      }),
      ...own,
      column.accessor('products', { header: t('Products'), meta: { align: 'end' } }),
      column.accessor('is_active', {
        header: t('Status'),
        cell: (c) => <ActiveStatus active={c.getValue()} shown={t('Offered')} hidden={t('Not offered')} />,
      }),
    ];
  }, [t, says.own]);

  const headingId = `catalogue-${list}`;
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <ListHeader newLabel={t(says.add)} onNew={dialogs.create}>
        <div className="space-y-1">
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {t(says.title)}
          </h2>
          <p className="text-sm text-slate-600">{t('The marketplace’s own values: every shop may use them.')}</p>
        </div>
      </ListHeader>
      <FilterBar>
        <SearchFilter value={filters.q ?? ''} onChange={(q) => update({ filters: { q } })} />
      </FilterBar>
      <DataTable
        label={t(says.title)}
        columns={columns}
        rows={rows.data?.rows as Value[] | undefined}
        {...tableProps(rows)}
        sortable={says.sorts}
        getRowId={(v: Value) => String(v.id)}
        emptyTitle={filters.q ? t(says.noMatch) : t(says.none)}
        warnRow={(v: Value) => !v.is_active}
        actions={(v: Value) => <CatalogueRowActions row={v} dialogs={dialogs} />}
      />
      <ValueFormDialog list={list} open={dialogs.formOpen} value={dialogs.editing} onClose={dialogs.closeForm} />
      <CatalogueDeleteDialog
        row={dialogs.deleting}
        list={list}
        title={t(says.remove)}
        moveLabel={t('Move its products to')}
        onClose={dialogs.closeDelete}
      />
    </section>
  );
}
