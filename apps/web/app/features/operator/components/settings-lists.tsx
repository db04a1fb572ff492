import { zodResolver } from '@hookform/resolvers/zod';
import {
  FOOTER_ITEM_TYPES,
  type OperatorCurrenciesInput,
  type OperatorFootersInput,
  type OperatorFootersOutput,
  type OperatorLanguagesInput,
  type OperatorMenusInput,
  type OperatorSocialLinksInput,
  operatorCurrenciesInputSchema,
  operatorFootersInputSchema,
  operatorLanguagesInputSchema,
  operatorMenusInputSchema,
  operatorSocialLinksInputSchema,
} from '@shop/contracts/operator-settings';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import {
  type ArrayPath,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFieldArrayReturn,
  type UseFormReturn,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select-field';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { type SavedListPath, savedListQueryOptions, useSaveList } from '../api/settings';
import { Check, fieldError, SectionCard } from './settings-section';

/**
 * The lists of /operator/settings saved whole, in their order: the menu, the currencies, the
 * languages and the social links. Each loads on its own; rows move up and down with buttons
 * (keyboard and screen readers alike) and the whole list is sent at once.
 */

/** Loads a list, then draws its form; a failed load offers to try again. */
function ListLoader<P extends SavedListPath>({
  path,
  loadError,
  children,
}: {
  path: P;
  loadError: string;
  children: (items: NonNullable<ReturnType<typeof useListQuery<P>>['data']>) => ReactNode;
}) {
  const t = useT();
  const list = useListQuery(path);
  if (list.isError) return <ErrorState title={loadError} onRetry={() => void list.refetch()} />;
  if (!list.data) return <Spinner className="size-6 text-primary-600" label={t('Loading')} />;
  return <>{children(list.data)}</>;
}

function useListQuery<P extends SavedListPath>(path: P) {
  return useQuery(savedListQueryOptions(useApi(), path));
}

/** Sends the list; field errors go under their rows' fields, anything else in a message. */
function useListSubmit<P extends SavedListPath, V extends FieldValues & { items: object[] }>(
  path: P,
  form: UseFormReturn<V>,
  fields: readonly string[],
) {
  const save = useSaveList(path);
  return async (values: V) => {
    try {
      notifySuccess((await save.mutateAsync(values as never)).message);
    } catch (failure) {
      const names = values.items.flatMap((_, i) => fields.map((f) => `items.${i}.${f}` as Path<V>));
      const rest = applyServerErrors(failure, names, (name, e) => form.setError(name, e));
      if (rest) notifyError(rest);
    }
  };
}

/** A list's form: its values checked by the list's schema, its rows, and what sends it. */
function useListForm<V extends FieldValues & { items: object[] }>(
  path: SavedListPath,
  schema: z.ZodType<V, V>,
  items: V['items'],
  fields: readonly string[],
) {
  const form = useForm<V>({ resolver: zodResolver(schema), values: { items } as V });
  const rows = useFieldArray({ control: form.control, name: 'items' as ArrayPath<V> });
  const submit = useListSubmit(path, form, fields);
  return { form, rows, submit };
}

/** The rows of a list: each row's fields, its move and remove buttons; an empty state; Add. */
function ListRows<V extends FieldValues>({
  rows,
  form,
  path = 'items',
  nameOf,
  legend,
  empty,
  addLabel,
  blank,
  max,
  children,
}: {
  rows: UseFieldArrayReturn<FieldValues>;
  form: UseFormReturn<V>;
  /** Where the list is in the form, for its own message ("Choose one default currency."). */
  path?: string;
  /** What the move and remove buttons call the row. */
  nameOf: (index: number) => string;
  legend: (index: number) => string;
  empty: string;
  /** Without it the list is fixed: rows move, but none is added or removed. */
  addLabel?: string;
  blank?: object;
  max: number;
  children: (index: number) => ReactNode;
}) {
  const t = useT();
  const rootError = form.getFieldState(path as Path<V>, form.formState).error;
  const message = rootError?.message ?? (rootError as { root?: { message?: string } } | undefined)?.root?.message;
  return (
    <>
      {message && (
        <p role="alert" className="text-sm text-rose-600">
          {t(message)}
        </p>
      )}
      {rows.fields.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">{empty}</p>
      ) : (
        <ol className="space-y-3">
          {rows.fields.map((row, index) => {
            const name = nameOf(index);
            return (
              <li key={row.id} className="rounded-xl border border-slate-200 p-4">
                <fieldset className="space-y-3">
                  <legend className="sr-only">{legend(index)}</legend>
                  {children(index)}
                  <div className="flex justify-end gap-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('Move {{name}} up', { name })}
                      disabled={index === 0}
                      onClick={() => rows.move(index, index - 1)}
                    >
                      <Icon name="chevronDown" className="size-4 rotate-180" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t('Move {{name}} down', { name })}
                      disabled={index === rows.fields.length - 1}
                      onClick={() => rows.move(index, index + 1)}
                    >
                      <Icon name="chevronDown" className="size-4" />
                    </Button>
                    {addLabel && (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('Remove {{name}}', { name })}
                        onClick={() => rows.remove(index)}
                      >
                        <Icon name="trash" className="size-4" />
                      </Button>
                    )}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      {addLabel && blank && (
        <Button variant="outline" size="sm" disabled={rows.fields.length >= max} onClick={() => rows.append(blank)}>
          <Icon name="plus" className="size-4" />
          {addLabel}
        </Button>
      )}
    </>
  );
}

const pair = 'grid gap-3 sm:grid-cols-2';
const switches = 'flex flex-wrap items-center gap-x-6 gap-y-3';

/** The values of a list with one default row and rows shown or not (the currencies, the languages). */
type DefaultRows = { items: { is_default: boolean; is_active: boolean }[] };

/**
 * A row's "Default" radio (choosing it unsets the others: one default in the list) and its
 * shown checkbox, with the checkbox's message under it.
 */
function DefaultAndShown<V extends DefaultRows>({
  form,
  index,
  group,
  shownLabel,
}: {
  form: UseFormReturn<V>;
  index: number;
  /** The radios' name, one a list. */
  group: string;
  shownLabel: string;
}) {
  const t = useT();
  const at = (i: number, field: keyof DefaultRows['items'][number]) => `items.${i}.${field}` as Path<V>;
  const chooseDefault = () => {
    for (const i of (form.getValues('items' as Path<V>) as DefaultRows['items']).keys())
      form.setValue(at(i, 'is_default'), (i === index) as PathValue<V, Path<V>>, { shouldDirty: true });
  };
  const shownError = fieldError(form, at(index, 'is_active'), t);
  return (
    <div className={switches}>
      <Check
        type="radio"
        name={group}
        label={t('Default')}
        checked={form.watch(at(index, 'is_default')) as boolean}
        onChange={chooseDefault}
      />
      <Check label={shownLabel} {...form.register(at(index, 'is_active'))} />
      {shownError && <p className="text-xs text-rose-600">{shownError}</p>}
    </div>
  );
}

// --- The menu ---------------------------------------------------------------------------------

export function MenusSection() {
  const t = useT();
  return (
    <ListLoader path="menus" loadError={t('We could not load the menu')}>
      {(items) => <MenusForm items={items.map(({ id: _id, ...item }) => item)} />}
    </ListLoader>
  );
}

/** A name, a link (a path of this site, or an https:// address for another site), a new tab, shown. */
function MenusForm({ items }: { items: OperatorMenusInput['items'] }) {
  const t = useT();
  const { form, rows, submit } = useListForm<OperatorMenusInput>('menus', operatorMenusInputSchema, items, [
    'name',
    'url',
    'target',
  ]);
  return (
    <SectionCard
      title={t('Menu')}
      hint={t('The links of the storefront’s menu, in their order. A link of this site starts with /.')}
      form={form}
      onSubmit={submit}
    >
      <ListRows
        rows={rows as never}
        form={form}
        nameOf={(i) => form.watch(`items.${i}.name`) || t('Item {{number}}', { number: i + 1 })}
        legend={(i) => t('Menu item {{number}}', { number: i + 1 })}
        empty={t('The menu has no items.')}
        addLabel={t('Add a menu item')}
        blank={{ name: '', url: '/', is_external: false, target: '_self', is_active: true }}
        max={30}
      >
        {(i) => (
          <>
            <div className={pair}>
              <TextField
                label={t('Name')}
                error={fieldError(form, `items.${i}.name`, t)}
                {...form.register(`items.${i}.name`)}
              />
              <TextField
                label={t('Link')}
                dir="ltr"
                placeholder={form.watch(`items.${i}.is_external`) ? 'https://' : '/'}
                error={fieldError(form, `items.${i}.url`, t)}
                {...form.register(`items.${i}.url`)}
              />
            </div>
            <div className={switches}>
              <Check label={t('Another site')} {...form.register(`items.${i}.is_external`)} />
              <Check
                label={t('Opens in a new tab')}
                checked={form.watch(`items.${i}.target`) === '_blank'}
                onChange={(e) =>
                  form.setValue(`items.${i}.target`, e.target.checked ? '_blank' : '_self', { shouldDirty: true })
                }
              />
              <Check label={t('Shown')} {...form.register(`items.${i}.is_active`)} />
            </div>
          </>
        )}
      </ListRows>
    </SectionCard>
  );
}

// --- Currencies -------------------------------------------------------------------------------

export function CurrenciesSection() {
  const t = useT();
  return (
    <ListLoader path="currencies" loadError={t('We could not load the currencies')}>
      {(items) => <CurrenciesForm items={items.map(({ id: _id, ...item }) => item)} />}
    </ListLoader>
  );
}

/** Code, name, symbol and rate; one default (its rate is 1, prices are kept in it); shown or not. */
function CurrenciesForm({ items }: { items: OperatorCurrenciesInput['items'] }) {
  const t = useT();
  const { form, rows, submit } = useListForm<OperatorCurrenciesInput>(
    'currencies',
    operatorCurrenciesInputSchema,
    items,
    ['code', 'name', 'symbol', 'rate', 'is_active'],
  );
  return (
    <SectionCard
      title={t('Currencies')}
      hint={t(
        'Prices are kept in the default currency, whose rate is 1; a rate is how much of a currency one unit of the default buys.',
      )}
      form={form}
      onSubmit={submit}
    >
      <ListRows
        rows={rows as never}
        form={form}
        nameOf={(i) => form.watch(`items.${i}.code`) || t('Item {{number}}', { number: i + 1 })}
        legend={(i) => t('Currency {{number}}', { number: i + 1 })}
        empty={t('There are no currencies.')}
        addLabel={t('Add a currency')}
        blank={{ code: '', name: '', symbol: '', rate: 1, is_default: false, is_active: true }}
        max={30}
      >
        {(i) => (
          <>
            <div className="grid gap-3 sm:grid-cols-4">
              <TextField
                label={t('Code')}
                dir="ltr"
                maxLength={3}
                error={fieldError(form, `items.${i}.code`, t)}
                {...form.register(`items.${i}.code`)}
              />
              <TextField
                label={t('Name')}
                error={fieldError(form, `items.${i}.name`, t)}
                {...form.register(`items.${i}.name`)}
              />
              <TextField
                label={t('Symbol')}
                error={fieldError(form, `items.${i}.symbol`, t)}
                {...form.register(`items.${i}.symbol`)}
              />
              <TextField
                label={t('Rate')}
                dir="ltr"
                inputMode="decimal"
                error={fieldError(form, `items.${i}.rate`, t)}
                {...form.register(`items.${i}.rate`, { valueAsNumber: true })}
              />
            </div>
            <DefaultAndShown form={form} index={i} group="default-currency" shownLabel={t('Shown')} />
          </>
        )}
      </ListRows>
    </SectionCard>
  );
}

// --- Languages --------------------------------------------------------------------------------

export function LanguagesSection() {
  const t = useT();
  return (
    <ListLoader path="languages" loadError={t('We could not load the languages')}>
      {(items) => <LanguagesForm items={items.map(({ id: _id, ...item }) => item)} />}
    </ListLoader>
  );
}

/** The release's languages: title, writing direction, offered to shoppers, the default; in order. */
function LanguagesForm({ items }: { items: OperatorLanguagesInput['items'] }) {
  const t = useT();
  const { form, rows, submit } = useListForm<OperatorLanguagesInput>('languages', operatorLanguagesInputSchema, items, [
    'name',
    'title',
    'direction',
    'is_active',
  ]);
  return (
    <SectionCard
      title={t('Languages')}
      hint={t('The languages this release is translated into. Shoppers choose among the offered ones.')}
      form={form}
      onSubmit={submit}
    >
      <ListRows
        rows={rows as never}
        form={form}
        nameOf={(i) => form.watch(`items.${i}.title`) || form.watch(`items.${i}.name`)}
        legend={(i) => t('Language {{number}}', { number: i + 1 })}
        empty={t('There are no languages.')}
        max={20}
      >
        {(i) => (
          <>
            <div className={pair}>
              <TextField
                label={t('Title ({{code}})', { code: form.watch(`items.${i}.name`) })}
                error={fieldError(form, `items.${i}.title`, t)}
                {...form.register(`items.${i}.title`)}
              />
              <SelectField
                label={t('Writing direction')}
                options={[
                  { value: 'ltr', label: t('Left to right') },
                  { value: 'rtl', label: t('Right to left') },
                ]}
                error={fieldError(form, `items.${i}.direction`, t)}
                {...form.register(`items.${i}.direction`)}
              />
            </div>
            <DefaultAndShown form={form} index={i} group="default-language" shownLabel={t('Offered to shoppers')} />
          </>
        )}
      </ListRows>
    </SectionCard>
  );
}

// --- Social links -----------------------------------------------------------------------------

export function SocialLinksSection() {
  const t = useT();
  return (
    <ListLoader path="social-links" loadError={t('We could not load the social links')}>
      {(items) => <SocialLinksForm items={items.map(({ name, link, is_active }) => ({ name, link, is_active }))} />}
    </ListLoader>
  );
}

/** The footer's social links: a name, an https:// link, shown or not; a name kept keeps its logo. */
function SocialLinksForm({ items }: { items: OperatorSocialLinksInput['items'] }) {
  const t = useT();
  const { form, rows, submit } = useListForm<OperatorSocialLinksInput>(
    'social-links',
    operatorSocialLinksInputSchema,
    items,
    ['name', 'link'],
  );
  return (
    <SectionCard
      title={t('Social links')}
      hint={t('The links of the footer’s Follow us row, in their order.')}
      form={form}
      onSubmit={submit}
    >
      <ListRows
        rows={rows as never}
        form={form}
        nameOf={(i) => form.watch(`items.${i}.name`) || t('Item {{number}}', { number: i + 1 })}
        legend={(i) => t('Social link {{number}}', { number: i + 1 })}
        empty={t('There are no social links.')}
        addLabel={t('Add a social link')}
        blank={{ name: '', link: 'https://', is_active: true }}
        max={20}
      >
        {(i) => (
          <>
            <div className={pair}>
              <TextField
                label={t('Name')}
                error={fieldError(form, `items.${i}.name`, t)}
                {...form.register(`items.${i}.name`)}
              />
              <TextField
                label={t('Link')}
                type="url"
                dir="ltr"
                error={fieldError(form, `items.${i}.link`, t)}
                {...form.register(`items.${i}.link`)}
              />
            </div>
            <Check label={t('Shown')} {...form.register(`items.${i}.is_active`)} />
          </>
        )}
      </ListRows>
    </SectionCard>
  );
}

// --- The footer -------------------------------------------------------------------------------

export function FootersSection() {
  const t = useT();
  return (
    <ListLoader path="footers" loadError={t('We could not load the footer')}>
      {(columns) => (
        <FootersForm
          items={columns.map(({ id: _id, items, ...column }) => ({
            ...column,
            items: items.map(({ id: _item, ...item }) => item),
          }))}
        />
      )}
    </ListLoader>
  );
}

/** The other languages a text item may be written in (English is its title). */
const TEXT_LANGUAGES = [
  { code: 'id', label: 'Bahasa Indonesia' },
  { code: 'ar', label: 'العربية' },
] as const;

/**
 * The footer's columns, each a title and its items in order: the logo, a text (in each language),
 * the e-mail address, the phone number, the social links, the app store links, or a link.
 */
function FootersForm({ items }: { items: OperatorFootersInput['items'] }) {
  const t = useT();
  const form = useForm<OperatorFootersInput, unknown, OperatorFootersOutput>({
    resolver: zodResolver(operatorFootersInputSchema),
    values: { items },
  });
  const columns = useFieldArray({ control: form.control, name: 'items' });
  const submit = useSaveList('footers');
  const send = async (values: OperatorFootersOutput) => {
    try {
      notifySuccess((await submit.mutateAsync(values)).message);
    } catch (failure) {
      const names = values.items.flatMap((column, c) => [
        `items.${c}.title`,
        ...column.items.flatMap((_, i) => ['type', 'title', 'url'].map((f) => `items.${c}.items.${i}.${f}`)),
      ]) as Path<OperatorFootersInput>[];
      const rest = applyServerErrors(failure, names, (name, e) => form.setError(name, e));
      if (rest) notifyError(rest);
    }
  };
  return (
    <SectionCard
      title={t('Footer')}
      hint={t('The footer’s columns and their items, in their order.')}
      form={form}
      onSubmit={send}
    >
      <ListRows
        rows={columns as never}
        form={form}
        nameOf={(c) => form.watch(`items.${c}.title`) || t('Column {{number}}', { number: c + 1 })}
        legend={(c) => t('Footer column {{number}}', { number: c + 1 })}
        empty={t('The footer has no columns.')}
        addLabel={t('Add a column')}
        blank={{ title: '', is_active: true, items: [] }}
        max={6}
      >
        {(c) => (
          <>
            <div className={pair}>
              <TextField
                label={t('Column title')}
                error={fieldError(form, `items.${c}.title`, t)}
                {...form.register(`items.${c}.title`)}
              />
              <div className="flex items-end pb-2">
                <Check label={t('Shown')} {...form.register(`items.${c}.is_active`)} />
              </div>
            </div>
            <FooterItems form={form} column={c} />
          </>
        )}
      </ListRows>
    </SectionCard>
  );
}

function FooterItems({
  form,
  column,
}: {
  form: UseFormReturn<OperatorFootersInput, unknown, OperatorFootersOutput>;
  column: number;
}) {
  const t = useT();
  const items = useFieldArray({ control: form.control, name: `items.${column}.items` });
  const kinds: Record<(typeof FOOTER_ITEM_TYPES)[number], string> = {
    logo: t('Logo'),
    text: t('Text'),
    email: t('Email'),
    phone: t('Phone'),
    social_links: t('Social links'),
    app_store: t('App store links'),
    link: t('Link'),
  };
  const titleLabel = (type: string) =>
    type === 'email'
      ? t('Email address')
      : type === 'phone'
        ? t('Phone number')
        : type === 'text'
          ? t('Text (English)')
          : t('Title');
  return (
    <div className="ms-3 space-y-3 border-s-2 border-slate-100 ps-3">
      <ListRows
        rows={items as never}
        form={form}
        path={`items.${column}.items`}
        nameOf={(i) => {
          const item = form.watch(`items.${column}.items.${i}`);
          return item?.title || kinds[item?.type ?? 'text'];
        }}
        legend={(i) => t('Item {{number}}', { number: i + 1 })}
        empty={t('This column has no items.')}
        addLabel={t('Add an item')}
        blank={{ type: 'link', title: '', translations: {}, url: '/', target: '_self' }}
        max={20}
      >
        {(i) => {
          const type = form.watch(`items.${column}.items.${i}.type`);
          const at = `items.${column}.items.${i}` as const;
          return (
            <div className={pair}>
              <SelectField
                label={t('Kind')}
                options={FOOTER_ITEM_TYPES.map((value) => ({ value, label: kinds[value] }))}
                error={fieldError(form, `${at}.type`, t)}
                {...form.register(`${at}.type`)}
              />
              <TextField
                label={titleLabel(type)}
                dir={type === 'email' || type === 'phone' ? 'ltr' : undefined}
                error={fieldError(form, `${at}.title`, t)}
                {...form.register(`${at}.title`)}
              />
              {type === 'link' && (
                <>
                  <TextField
                    label={t('Link')}
                    dir="ltr"
                    error={fieldError(form, `${at}.url`, t)}
                    {...form.register(`${at}.url`)}
                  />
                  <div className="flex items-end pb-2">
                    <Check
                      label={t('Opens in a new tab')}
                      checked={form.watch(`${at}.target`) === '_blank'}
                      onChange={(e) =>
                        form.setValue(`${at}.target`, e.target.checked ? '_blank' : '_self', { shouldDirty: true })
                      }
                    />
                  </div>
                </>
              )}
              {type === 'text' &&
                TEXT_LANGUAGES.map(({ code, label }) => (
                  <TextField
                    key={code}
                    label={t('Text ({{language}})', { language: label })}
                    dir={code === 'ar' ? 'rtl' : 'ltr'}
                    lang={code}
                    {...form.register(`${at}.translations.${code}`)}
                  />
                ))}
            </div>
          );
        }}
      </ListRows>
    </div>
  );
}
