import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_LOCALE } from '@shop/contracts/constants';
import {
  PRODUCT_NAME_MAX_LENGTH,
  PRODUCT_PRICE_MAX,
  PRODUCT_SHORT_DESCRIPTION_MAX_LENGTH,
  PRODUCT_SKU_MAX_LENGTH,
  PRODUCT_STOCK_MAX,
  type SellerProduct,
  type SellerProductStatus,
} from '@shop/contracts/seller-products';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { Controller, type FieldErrors, type Path, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { Button, buttonClass } from '../../../components/ui/button';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { EmptyState, ErrorState } from '../../../components/ui/states';
import { FieldError, TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { useMaster } from '../../../lib/api/master';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { sellerProductOptionsQueryOptions, sellerProductQueryOptions, useSaveProduct } from '../api/seller-products';
import {
  chosenIds,
  fieldDomId,
  fieldOrder,
  formFieldOf,
  formValuesOf,
  moneyProblem,
  type ProductFormValues,
  type ProductOptions,
  savePayload,
  stockProblem,
  type TextLanguage,
  type VariantKind,
} from '../product-form';
import { ProductPhotos } from './product-photos';
import { ProductStatusBadge } from './product-status-badge';
import { useUnsavedChangesGuard } from './unsaved-changes';

const LIST_PATH = '/shop/products';

/** The marketplace's languages before the settings load (or when they fail). */
const FALLBACK_LANGUAGES: TextLanguage[] = [
  { code: 'en', title: 'English', dir: 'ltr' },
  { code: 'id', title: 'Bahasa Indonesia', dir: 'ltr' },
  { code: 'ar', title: 'العربية', dir: 'rtl' },
];

/** The languages a product is written in: the marketplace's, the default one first. */
function useTextLanguages(): TextLanguage[] {
  const { master } = useMaster();
  return useMemo(() => {
    const list = master?.languages.length
      ? master.languages.map((l) => ({ code: l.name, title: l.title, dir: l.direction }))
      : FALLBACK_LANGUAGES;
    return [...list].sort((a, b) => Number(b.code === DEFAULT_LOCALE) - Number(a.code === DEFAULT_LOCALE));
  }, [master]);
}

const STATUS_NOTES: Record<SellerProductStatus, string> = {
  draft: 'Shoppers do not see drafts.',
  pending_approval: 'Published: shoppers see it once the marketplace approves it.',
  published: 'On sale in your shop.',
  sold_out: 'Published: shoppers see it as sold out until you add stock.',
};

/** Every message of a form's errors with its field path, in no particular order. */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  const out: string[] = [];
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('message' in value && typeof value.message === 'string') out.push(path);
    else out.push(...errorPaths(value as FieldErrors, path));
  }
  return out;
}

/** A message of the form's errors at a path ("texts.en.name"). */
function messageAt(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <h2 id={id} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /shop/products/new and /shop/products/:id: the product editor. A new product is saved as a
 * draft (a name is enough) before it gets photos; publishing checks everything on the server,
 * whose field errors appear under their fields in the seller's language, the first one focused.
 */
export function ProductEditorPage({ id }: { id: number | null }) {
  const t = useT();
  const api = useApi();
  const product = useQuery({ ...sellerProductQueryOptions(api, id ?? 0), enabled: id !== null });
  const options = useQuery(sellerProductOptionsQueryOptions(api));
  const languages = useTextLanguages();

  if (id !== null && product.error instanceof ApiError && product.error.status === 404) {
    return (
      <EmptyState
        icon="squares"
        title={t('Product not found.')}
        action={
          <Link to={LIST_PATH} className={buttonClass('outline', 'md')}>
            {t('Back to products')}
          </Link>
        }
      />
    );
  }
  if ((id !== null && product.isError) || options.isError) {
    return (
      <ErrorState
        title={t('We could not load the product')}
        onRetry={() => {
          if (product.isError) void product.refetch();
          if (options.isError) void options.refetch();
        }}
      />
    );
  }
  if ((id !== null && !product.data) || !options.data) {
    return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;
  }
  return <ProductForm key={id ?? 'new'} product={product.data ?? null} options={options.data} languages={languages} />;
}

function useFormSchema() {
  const t = useT();
  return useMemo(() => {
    const money = z.string().superRefine((value, ctx) => {
      const problem = moneyProblem(value);
      if (problem === 'format')
        ctx.addIssue({ code: 'custom', message: t('Enter an amount of 0 or more, with at most 2 decimals.') });
      if (problem === 'max')
        ctx.addIssue({
          code: 'custom',
          message: t('The amount may not be more than {{max}}.', { max: PRODUCT_PRICE_MAX }),
        });
    });
    const stock = z.string().superRefine((value, ctx) => {
      const problem = stockProblem(value);
      if (problem === 'format') ctx.addIssue({ code: 'custom', message: t('Enter a whole number of 0 or more.') });
      if (problem === 'max')
        ctx.addIssue({
          code: 'custom',
          message: t('The stock may not be more than {{max}}.', { max: PRODUCT_STOCK_MAX }),
        });
    });
    const tooLong = (max: number) => t('Use at most {{max}} characters.', { max });
    const choice = z.object({ on: z.boolean(), extra: money });
    return z.object({
      texts: z.record(
        z.string(),
        z.object({
          name: z.string().trim().max(PRODUCT_NAME_MAX_LENGTH, tooLong(PRODUCT_NAME_MAX_LENGTH)),
          short_description: z
            .string()
            .trim()
            .max(PRODUCT_SHORT_DESCRIPTION_MAX_LENGTH, tooLong(PRODUCT_SHORT_DESCRIPTION_MAX_LENGTH)),
          description: z.string(),
        }),
      ),
      sku: z.string().trim().max(PRODUCT_SKU_MAX_LENGTH, tooLong(PRODUCT_SKU_MAX_LENGTH)),
      category_id: z.string(),
      sub_category_id: z.string(),
      brand_id: z.string(),
      unit_id: z.string(),
      price: money,
      discount_price: money,
      stock,
      colors: z.record(z.string(), choice),
      sizes: z.record(z.string(), choice),
    }) satisfies z.ZodType<ProductFormValues>;
  }, [t]);
}

function ProductForm({
  product,
  options,
  languages,
}: {
  product: SellerProduct | null;
  options: ProductOptions;
  languages: TextLanguage[];
}) {
  const t = useT();
  const api = useApi();
  const client = useQueryClient();
  const navigate = useNavigate();
  const save = useSaveProduct(product?.id ?? null);
  const schema = useFormSchema();
  const form = useForm<ProductFormValues>({
    resolver: zodResolver(schema),
    defaultValues: formValuesOf(product, languages, options),
  });
  const { register, control, handleSubmit, setError, setValue, watch, reset, getFieldState, formState } = form;
  const errors = formState.errors;
  const [tab, setTab] = useState(languages[0]?.code ?? DEFAULT_LOCALE);
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [photosError, setPhotosError] = useState<string | undefined>();
  const [focusTarget, setFocusTarget] = useState<{ field: string } | null>(null);
  const [saving, setSaving] = useState<'draft' | 'published' | 'keep' | null>(null);
  const [revision, setRevision] = useState(0);
  const ids = useId();
  const startStock = (formState.defaultValues?.stock as string | undefined) ?? '';

  // The first field in error takes the focus once its language's tab shows.
  useEffect(() => {
    if (!focusTarget) return;
    const element = document.getElementById(fieldDomId(focusTarget.field));
    element?.focus();
    element?.scrollIntoView?.({ block: 'center' });
  }, [focusTarget]);

  const focusFirst = (fields: string[]) => {
    const order = fieldOrder(languages, form.getValues());
    const first = order.find((field) => fields.includes(field)) ?? fields[0];
    if (!first) return;
    const language = /^texts\.([^.]+)\./.exec(first)?.[1];
    if (language) setTab(language);
    setFocusTarget({ field: first });
  };

  const dirty = formState.isDirty;
  const guard = useUnsavedChangesGuard(dirty);

  const submit = (status?: 'draft' | 'published') =>
    handleSubmit(
      async (values) => {
        setFormError(null);
        setConflict(null);
        setPhotosError(undefined);
        setSaving(status ?? 'keep');
        const sent = { colors: chosenIds(values, 'colors'), sizes: chosenIds(values, 'sizes') };
        const input = savePayload(values, {
          languages,
          product,
          status,
          stockChanged: getFieldState('stock').isDirty,
          startStock,
        });
        try {
          const reply = await save.mutateAsync(input);
          const saved = reply.data.product;
          notifySuccess(reply.message || t('Product saved.'));
          reset(formValuesOf(saved, languages, options));
          if (!product) {
            guard.allow();
            navigate(`${LIST_PATH}/${saved.id}`, { replace: true });
          }
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            setConflict(error.message);
            return;
          }
          const fields = serverFieldErrors(error);
          const placed: string[] = [];
          const rest: string[] = [];
          for (const [serverField, message] of Object.entries(fields)) {
            const field = formFieldOf(serverField, sent);
            if (field === 'photos') setPhotosError(message);
            else if (field) setError(field as Path<ProductFormValues>, { type: 'server', message });
            if (field) placed.push(field);
            else rest.push(message);
          }
          if (rest.length > 0) setFormError(rest.join(' '));
          else if (placed.length === 0) {
            setFormError(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
          }
          focusFirst(placed);
        } finally {
          setSaving(null);
        }
      },
      (invalid) => focusFirst(errorPaths(invalid)),
    )();

  const reload = async () => {
    if (!product) return;
    const fresh = await client.fetchQuery({ ...sellerProductQueryOptions(api, product.id), staleTime: 0 });
    reset(formValuesOf(fresh, languages, options));
    setRevision((n) => n + 1);
    setConflict(null);
    setFormError(null);
  };

  const categoryId = watch('category_id');
  const subCategories = options.categories.find((c) => String(c.id) === categoryId)?.sub_categories ?? [];
  const categoryField = register('category_id', {
    onChange: () => setValue('sub_category_id', '', { shouldDirty: true }),
  });

  const title = product
    ? product.texts[DEFAULT_LOCALE]?.name ||
      Object.values(product.texts).find((x) => x.name)?.name ||
      t('Untitled product')
    : t('New product');
  const published = product !== null && product.status !== 'draft';
  const onSale = product?.status === 'published' || product?.status === 'sold_out';

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = languages.findIndex((l) => l.code === tab);
    const rtl = document.documentElement.dir === 'rtl';
    let next = -1;
    if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next = (index + 1) % languages.length;
    if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) next = (index - 1 + languages.length) % languages.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = languages.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const code = languages[next]?.code;
    if (!code) return;
    setTab(code);
    document.getElementById(`${ids}-tab-${code}`)?.focus();
  };

  const variantSection = (
    kind: VariantKind,
    legend: string,
    list: readonly { id: number; name: string; color_code?: string }[],
  ) => {
    const values = watch(kind);
    const known = new Set(list.map((o) => `o${o.id}`));
    // Choices the shop no longer offers but the product still has.
    const extra = Object.keys(values)
      .filter((key) => !known.has(key))
      .map((key) => ({ id: Number(key.slice(1)), name: `#${key.slice(1)}` }));
    const all = [...list, ...extra];
    return (
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-700">{legend}</legend>
        {all.length === 0 ? (
          <p className="text-sm text-slate-500">{t('None to choose from.')}</p>
        ) : (
          <ul className="grid grid-cols-2 gap-2 lg:grid-cols-3">
            {all.map((option) => {
              const key = `o${option.id}`;
              const on = values[key]?.on ?? false;
              const extraField = `${kind}.${key}.extra` as const;
              const extraError = messageAt(errors, extraField);
              return (
                <li
                  key={key}
                  className={`rounded-lg border p-2 ${on ? 'border-primary-300 bg-primary-50/40' : 'border-slate-200'}`}
                >
                  <label className="flex min-h-8 cursor-pointer items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" className="size-4 accent-primary-700" {...register(`${kind}.${key}.on`)} />
                    {'color_code' in option && typeof option.color_code === 'string' && option.color_code ? (
                      <span
                        aria-hidden="true"
                        className="size-4 rounded-full border border-slate-300"
                        style={{ backgroundColor: option.color_code }}
                      />
                    ) : null}
                    <bdi>{option.name}</bdi>
                  </label>
                  {on && (
                    <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 sm:ps-6">
                      <label htmlFor={fieldDomId(extraField)} className="shrink-0 text-xs text-slate-600">
                        {t('Extra price')}
                        <span className="sr-only"> ({option.name})</span>
                      </label>
                      <input
                        id={fieldDomId(extraField)}
                        inputMode="decimal"
                        dir="ltr"
                        placeholder="0"
                        aria-invalid={extraError ? true : undefined}
                        aria-describedby={extraError ? `${fieldDomId(extraField)}-error` : undefined}
                        className="h-8 min-w-20 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 aria-invalid:border-rose-500"
                        {...register(extraField)}
                      />
                    </div>
                  )}
                  <FieldError id={`${fieldDomId(extraField)}-error`} message={extraError} />
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit(published ? undefined : 'draft');
      }}
      className="mx-auto max-w-4xl space-y-5 pb-24"
    >
      <div className="space-y-2">
        <Link to={LIST_PATH} className="text-sm font-medium text-primary-700 hover:underline">
          {t('Back to products')}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="min-w-0 text-2xl font-bold text-slate-900" dir="auto">
            {title}
          </h1>
          {product && <ProductStatusBadge status={product.status} />}
        </div>
        {product?.status === 'draft' && product.approval_note && (
          <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <span className="font-semibold">{t('The marketplace refused this product:')}</span>{' '}
            <span dir="auto">{product.approval_note}</span>
          </p>
        )}
        {product && (
          <p className="flex flex-wrap items-center gap-x-3 text-sm text-slate-600">
            <span>{t(STATUS_NOTES[product.status])}</span>
            {onSale && (
              <a
                href={paths.product(product.slug)}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-primary-700 hover:underline"
              >
                {t('View in the shop')}
              </a>
            )}
          </p>
        )}
      </div>

      {conflict && (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <p className="min-w-0 flex-1">{conflict}</p>
          <Button size="sm" variant="outline" onClick={() => void reload()}>
            {t('Reload the product')}
          </Button>
        </div>
      )}

      <Section id={`${ids}-texts`} title={t('Name and description')}>
        <div role="tablist" aria-label={t('Languages')} className="-mx-1 mb-4 flex gap-1 overflow-x-auto px-1">
          {languages.map((language) => {
            const current = language.code === tab;
            const hasError = Boolean(errors.texts?.[language.code]);
            return (
              <button
                key={language.code}
                id={`${ids}-tab-${language.code}`}
                type="button"
                role="tab"
                aria-selected={current}
                aria-controls={`${ids}-panel-${language.code}`}
                tabIndex={current ? 0 : -1}
                onClick={() => setTab(language.code)}
                onKeyDown={onTabKey}
                className={`inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ${
                  current ? 'bg-primary-700 text-white' : 'bg-slate-100 text-slate-700 hover:bg-primary-50'
                }`}
              >
                <span lang={language.code}>{language.title}</span>
                {hasError && (
                  <>
                    <span aria-hidden="true" className="size-2 rounded-full bg-rose-500" />
                    <span className="sr-only">({t('has errors')})</span>
                  </>
                )}
              </button>
            );
          })}
        </div>
        {languages.map((language) => {
          const base = `texts.${language.code}` as const;
          const descriptionField = `${base}.description` as `texts.${string}.description`;
          const descriptionError = messageAt(errors, descriptionField);
          const required = language.code === DEFAULT_LOCALE;
          return (
            <div
              key={language.code}
              id={`${ids}-panel-${language.code}`}
              role="tabpanel"
              aria-labelledby={`${ids}-tab-${language.code}`}
              hidden={language.code !== tab}
              className="space-y-4"
            >
              {/* The labels and messages are in the seller's language; what is typed is in the tab's, in its direction. */}
              <TextField
                id={fieldDomId(`${base}.name`)}
                label={required ? t('Name') : t('Name (optional)')}
                error={messageAt(errors, `${base}.name`)}
                maxLength={PRODUCT_NAME_MAX_LENGTH}
                dir={language.dir}
                lang={language.code}
                {...register(`${base}.name`)}
              />
              <div>
                <label
                  htmlFor={fieldDomId(`${base}.short_description`)}
                  className="mb-1.5 block text-sm font-medium text-slate-700"
                >
                  {t('Short description')}
                </label>
                <textarea
                  id={fieldDomId(`${base}.short_description`)}
                  dir={language.dir}
                  lang={language.code}
                  rows={2}
                  maxLength={PRODUCT_SHORT_DESCRIPTION_MAX_LENGTH}
                  aria-invalid={messageAt(errors, `${base}.short_description`) ? true : undefined}
                  aria-describedby={
                    messageAt(errors, `${base}.short_description`)
                      ? `${fieldDomId(`${base}.short_description`)}-error`
                      : undefined
                  }
                  className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 aria-invalid:border-rose-500"
                  {...register(`${base}.short_description`)}
                />
                <FieldError
                  id={`${fieldDomId(`${base}.short_description`)}-error`}
                  message={messageAt(errors, `${base}.short_description`)}
                />
              </div>
              <Controller
                control={control}
                name={descriptionField}
                render={({ field }) => (
                  <RichTextEditor
                    // A reloaded product starts the editor again from its stored text.
                    key={revision}
                    id={fieldDomId(descriptionField)}
                    label={t('Description')}
                    initialHtml={field.value}
                    onChange={field.onChange}
                    dir={language.dir}
                    error={descriptionError}
                  />
                )}
              />
            </div>
          );
        })}
      </Section>

      <Section id={`${ids}-photos`} title={t('Photos')}>
        <ProductPhotos
          product={product}
          error={photosError}
          headingId={`${ids}-photos`}
          inputId={fieldDomId('photos')}
        />
      </Section>

      <Section id={`${ids}-organise`} title={t('Category and brand')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id={fieldDomId('category_id')}
            label={t('Category')}
            placeholder={t('Choose a category')}
            options={options.categories.map((c) => ({ value: String(c.id), label: c.name }))}
            error={messageAt(errors, 'category_id')}
            {...categoryField}
          />
          <SelectField
            id={fieldDomId('sub_category_id')}
            label={t('Subcategory')}
            placeholder={subCategories.length ? t('Choose a subcategory') : t('None')}
            disabled={subCategories.length === 0}
            options={subCategories.map((c) => ({ value: String(c.id), label: c.name }))}
            error={messageAt(errors, 'sub_category_id')}
            {...register('sub_category_id')}
          />
          <SelectField
            id={fieldDomId('brand_id')}
            label={t('Brand')}
            placeholder={t('No brand')}
            options={options.brands.map((b) => ({ value: String(b.id), label: b.name }))}
            error={messageAt(errors, 'brand_id')}
            {...register('brand_id')}
          />
          <SelectField
            id={fieldDomId('unit_id')}
            label={t('Unit')}
            placeholder={t('No unit')}
            options={options.units.map((u) => ({ value: String(u.id), label: u.name }))}
            error={messageAt(errors, 'unit_id')}
            {...register('unit_id')}
          />
        </div>
      </Section>

      <Section id={`${ids}-price`} title={t('Price and stock')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id={fieldDomId('price')}
            label={t('Price')}
            inputMode="decimal"
            dir="ltr"
            placeholder="0"
            error={messageAt(errors, 'price')}
            {...register('price')}
          />
          <TextField
            id={fieldDomId('discount_price')}
            label={t('Discount price (optional)')}
            inputMode="decimal"
            dir="ltr"
            placeholder="0"
            error={messageAt(errors, 'discount_price')}
            {...register('discount_price')}
          />
          <TextField
            id={fieldDomId('stock')}
            label={t('Stock')}
            inputMode="numeric"
            dir="ltr"
            placeholder="0"
            error={messageAt(errors, 'stock')}
            {...register('stock')}
          />
          <TextField
            id={fieldDomId('sku')}
            label={t('SKU (optional)')}
            dir="auto"
            maxLength={PRODUCT_SKU_MAX_LENGTH}
            error={messageAt(errors, 'sku')}
            {...register('sku')}
          />
        </div>
      </Section>

      <Section id={`${ids}-variants`} title={t('Colours and sizes')}>
        <p className="mb-4 text-sm text-slate-600">
          {t('Tick what the product comes in. An extra price is added to the price when a shopper picks it.')}
        </p>
        <div className="space-y-5">
          {variantSection('colors', t('Colours'), options.colors)}
          {variantSection('sizes', t('Sizes'), options.sizes)}
        </div>
      </Section>

      {formError && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {formError}
        </p>
      )}

      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
        {dirty && <span className="me-auto text-sm text-slate-500">{t('Unsaved changes')}</span>}
        {published ? (
          <>
            <Button
              variant="outline"
              onClick={() => void submit('draft')}
              loading={saving === 'draft'}
              disabled={saving !== null}
            >
              {t('Unpublish')}
            </Button>
            <Button onClick={() => void submit()} loading={saving === 'keep'} disabled={saving !== null}>
              {t('Save')}
            </Button>
          </>
        ) : (
          <>
            <Button
              variant="outline"
              onClick={() => void submit('draft')}
              loading={saving === 'draft'}
              disabled={saving !== null}
            >
              {t('Save draft')}
            </Button>
            <Button
              onClick={() => void submit('published')}
              loading={saving === 'published'}
              disabled={saving !== null}
            >
              {t('Publish')}
            </Button>
          </>
        )}
      </div>

      {guard.dialog}
    </form>
  );
}
