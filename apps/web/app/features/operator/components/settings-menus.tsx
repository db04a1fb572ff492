import { zodResolver } from '@hookform/resolvers/zod';
import {
  type OperatorMenus,
  type OperatorMenusInput,
  operatorMenusInputSchema,
} from '@shop/contracts/operator-settings';
import { useQuery } from '@tanstack/react-query';
import { type Path, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { TextField } from '../../../components/ui/text-field';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { useApi } from '../../../lib/api-context';
import { applyServerErrors } from '../../../lib/form-errors';
import { operatorMenusQueryOptions, useSaveMenus } from '../api/settings';
import { Check, fieldError, SectionCard } from './settings-section';

/** At most this many items (the contract's limit). */
const MAX_ITEMS = 30;

/** The storefront's menu on /operator/settings: its items, loaded on their own. */
export function MenusSection() {
  const { t } = useTranslation();
  const api = useApi();
  const menus = useQuery(operatorMenusQueryOptions(api));
  if (menus.isError) return <ErrorState title={t('We could not load the menu')} onRetry={() => void menus.refetch()} />;
  if (!menus.data) return <Spinner className="size-6 text-primary-600" label={t('Loading')} />;
  return <MenusForm items={menus.data} />;
}

const blank: OperatorMenusInput['items'][number] = {
  name: '',
  url: '/',
  is_external: false,
  target: '_self',
  is_active: true,
};

/**
 * The menu's items in their order: a name, a link (a path of this site, or an https:// address
 * for an external item), whether it opens in a new tab and whether it is shown. Items move up and
 * down with buttons (keyboard and screen readers alike); the whole list is saved at once.
 */
function MenusForm({ items }: { items: OperatorMenus }) {
  const { t } = useTranslation();
  const save = useSaveMenus();
  const form = useForm<OperatorMenusInput>({
    resolver: zodResolver(operatorMenusInputSchema),
    values: { items: items.map(({ id: _id, ...item }) => item) },
  });
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const submit = async (values: OperatorMenusInput) => {
    try {
      notifySuccess((await save.mutateAsync(values)).message);
    } catch (failure) {
      const fields = values.items.flatMap((_, i) =>
        (['name', 'url', 'target'] as const).map((f) => `items.${i}.${f}` as Path<OperatorMenusInput>),
      );
      const rest = applyServerErrors(failure, fields, (name, e) => form.setError(name, e));
      if (rest) notifyError(rest);
    }
  };
  return (
    <SectionCard
      title={t('Menu')}
      hint={t('The links of the storefront’s menu, in their order. A link of this site starts with /.')}
      form={form}
      onSubmit={submit}
    >
      {rows.fields.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-4 text-sm text-slate-600">
          {t('The menu has no items.')}
        </p>
      ) : (
        <ol className="space-y-3">
          {rows.fields.map((row, index) => {
            const name = form.watch(`items.${index}.name`) || t('Item {{number}}', { number: index + 1 });
            const external = form.watch(`items.${index}.is_external`);
            return (
              <li key={row.id} className="rounded-xl border border-slate-200 p-4">
                <fieldset className="space-y-3">
                  <legend className="sr-only">{t('Menu item {{number}}', { number: index + 1 })}</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <TextField
                      label={t('Name')}
                      error={fieldError(form, `items.${index}.name`, t)}
                      {...form.register(`items.${index}.name`)}
                    />
                    <TextField
                      label={t('Link')}
                      dir="ltr"
                      placeholder={external ? 'https://' : '/'}
                      error={fieldError(form, `items.${index}.url`, t)}
                      {...form.register(`items.${index}.url`)}
                    />
                  </div>
                  <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
                    <Check label={t('Another site')} {...form.register(`items.${index}.is_external`)} />
                    <Check
                      label={t('Opens in a new tab')}
                      checked={form.watch(`items.${index}.target`) === '_blank'}
                      onChange={(e) =>
                        form.setValue(`items.${index}.target`, e.target.checked ? '_blank' : '_self', {
                          shouldDirty: true,
                        })
                      }
                    />
                    <Check label={t('Shown')} {...form.register(`items.${index}.is_active`)} />
                    <div className="ms-auto flex gap-1">
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
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={t('Remove {{name}}', { name })}
                        onClick={() => rows.remove(index)}
                      >
                        <Icon name="trash" className="size-4" />
                      </Button>
                    </div>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <Button variant="outline" size="sm" disabled={rows.fields.length >= MAX_ITEMS} onClick={() => rows.append(blank)}>
        <Icon name="plus" className="size-4" />
        {t('Add a menu item')}
      </Button>
    </SectionCard>
  );
}
