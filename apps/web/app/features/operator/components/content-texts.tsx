import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { type ReactNode, useId } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type Path,
  type UseFormRegister,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import { AppDialog } from '../../../components/ui/dialog';
import { RichTextEditor } from '../../../components/ui/rich-text-editor';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useBackOfficeAction } from '../api/back-office';
import { FormFooter } from './back-office-form';

/**
 * A page's or post's title and rich text in each language the storefront speaks: English (the
 * text every other language falls back to) and its translations. The server sanitises the text
 * again when it is saved.
 */
export const TEXT_LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'id', label: 'Indonesian', dir: 'ltr' },
  { code: 'ar', label: 'Arabic', dir: 'rtl' },
] as const;
type OtherLocale = 'id' | 'ar';

const titleField = z.string().trim().max(200, 'The title may not be greater than 200 characters.');
export const textsFormShape = {
  title: titleField.min(1, 'The title field is required.'),
  description: z.string().min(1, 'The text field is required.'),
  title_id: titleField,
  description_id: z.string(),
  title_ar: titleField,
  description_ar: z.string(),
};
export interface TextsFormValues {
  title: string;
  description: string;
  title_id: string;
  description_id: string;
  title_ar: string;
  description_ar: string;
}
export const TEXT_FIELDS = [
  'title',
  'description',
  'title_id',
  'description_id',
  'title_ar',
  'description_ar',
] as const;

/** A translated text with no title is refused, as the server does. */
export function refineTexts(v: TextsFormValues, ctx: z.RefinementCtx) {
  for (const locale of ['id', 'ar'] as const) {
    if (v[`description_${locale}`] !== '' && v[`title_${locale}`].trim() === '')
      ctx.addIssue({
        code: 'custom',
        path: [`title_${locale}`],
        message: 'Give the title in this language too, or leave its text empty.',
      });
  }
}

export function textsFormValues(
  row: {
    title: string;
    description: string;
    translations: Record<string, { title: string; description: string }>;
  } | null,
): TextsFormValues {
  const other = (locale: OtherLocale) => row?.translations[locale];
  return {
    title: row?.title ?? '',
    description: row?.description ?? '',
    title_id: other('id')?.title ?? '',
    description_id: other('id')?.description ?? '',
    title_ar: other('ar')?.title ?? '',
    description_ar: other('ar')?.description ?? '',
  };
}

/** The title, text and translations of the body the server takes. */
export function textsBody(v: TextsFormValues) {
  return {
    title: v.title.trim(),
    description: v.description,
    translations: Object.fromEntries(
      (['id', 'ar'] as const).map((l) => [l, { title: v[`title_${l}`].trim(), description: v[`description_${l}`] }]),
    ),
  };
}

/** The server's field errors by the form's names (translations.id.title is title_id). */
export function textsServerErrors(error: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(serverFieldErrors(error)).map(([field, message]) => {
      const match = /^translations\.(id|ar)\.(title|description)$/.exec(field);
      return [match ? `${match[2]}_${match[1]}` : field, message];
    }),
  );
}

/**
 * Puts the server's messages under the form's own fields (`fields`, by the form's names); any
 * other message, or the failure's own when none names a field, becomes the form's message.
 */
export function applyTextsServerErrors<F extends string>(
  failure: unknown,
  fields: readonly F[],
  setError: (name: F | 'root', error: { type: string; message: string }) => void,
) {
  const messages = textsServerErrors(failure);
  const rest: string[] = [];
  for (const [name, message] of Object.entries(messages)) {
    if ((fields as readonly string[]).includes(name)) setError(name as F, { type: 'server', message });
    else rest.push(message);
  }
  if (rest.length > 0 || Object.keys(messages).length === 0)
    setError('root', { type: 'server', message: rest.join(' ') || (failure as Error).message });
}

/**
 * One tab per language, each with its title and its rich-text editor; every editor stays mounted
 * (hidden when its tab is not chosen), so what was typed is kept. A tab whose fields have an
 * error says so in its name.
 */
export function LanguageTexts<T extends TextsFormValues>({
  control,
  register,
  errors,
  idPrefix,
  textHint,
  before,
}: {
  control: Control<T>;
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  idPrefix: string;
  textHint: string;
  /** Fields shown above the tabs (a slug, a category). */
  before?: ReactNode;
}) {
  const t = useT();
  const c = control as unknown as Control<TextsFormValues>;
  const r = register as unknown as UseFormRegister<TextsFormValues>;
  const e = errors as FieldErrors<TextsFormValues>;
  const nameOf = (code: string, field: 'title' | 'description') =>
    (code === 'en' ? field : `${field}_${code}`) as keyof TextsFormValues;
  const error = (name: keyof TextsFormValues) => {
    const message = e[name]?.message;
    return message ? t(message) : undefined;
  };
  return (
    <div className="space-y-4">
      {before}
      <TabGroup>
        <TabList aria-label={t('Language of the text')} className="flex gap-1 border-b border-slate-200">
          {TEXT_LANGUAGES.map((l) => {
            const wrong = Boolean(error(nameOf(l.code, 'title')) || error(nameOf(l.code, 'description')));
            return (
              <Tab
                key={l.code}
                className="-mb-px rounded-t-lg border border-transparent px-4 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 data-focus:outline-2 data-focus:outline-primary-500 data-selected:border-slate-200 data-selected:border-b-white data-selected:bg-white data-selected:text-primary-800"
              >
                {t(l.label)}
                {wrong && (
                  <>
                    <span className="ms-1 text-rose-600" aria-hidden="true">
                      !
                    </span>
                    <span className="sr-only">{` (${t('has an error')})`}</span>
                  </>
                )}
              </Tab>
            );
          })}
        </TabList>
        <TabPanels className="pt-4">
          {TEXT_LANGUAGES.map((l) => (
            <TabPanel key={l.code} unmount={false} className="space-y-4">
              <TextField
                label={l.code === 'en' ? t('Title') : t('Title ({{language}})', { language: t(l.label) })}
                dir={l.dir}
                lang={l.code}
                autoComplete="off"
                error={error(nameOf(l.code, 'title'))}
                {...r(nameOf(l.code, 'title'))}
              />
              <Controller
                control={c}
                name={nameOf(l.code, 'description')}
                render={({ field }) => (
                  <RichTextEditor
                    id={`${idPrefix}-text-${l.code}`}
                    label={l.code === 'en' ? t('Text') : t('Text ({{language}})', { language: t(l.label) })}
                    hint={l.code === 'en' ? textHint : t('Empty: shoppers in this language read the English text.')}
                    initialHtml={field.value}
                    onChange={field.onChange}
                    error={error(nameOf(l.code, 'description'))}
                    dir={l.dir}
                  />
                )}
              />
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </div>
  );
}

/**
 * The dialog that makes or edits a page or a post: the fields `before` the texts, the texts in
 * each language, the form's message, Cancel and Save. Saving POSTs to `path` (PUT to `path/id`
 * for one that exists); the server's messages go under the form's `fields`.
 */
export function LanguageTextsDialog<T extends TextsFormValues, F extends Path<T>>({
  open,
  onClose,
  title,
  form,
  path,
  id,
  body,
  fields,
  textHint,
  before,
  uploading = false,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  form: UseFormReturn<T>;
  path: string;
  /** The row's id; none for a new one. */
  id: number | undefined;
  /** The body the server takes, from the form's values. */
  body: (values: T) => object;
  fields: readonly F[];
  textHint: string;
  before: ReactNode;
  /** A picture is still uploading: Save waits. */
  uploading?: boolean;
}) {
  const idPrefix = useId();
  const action = useBackOfficeAction();
  const submit = form.handleSubmit(async (values) => {
    try {
      const reply = await action.mutateAsync({
        path: id ? `${path}/${id}` : path,
        method: id ? 'PUT' : 'POST',
        body: body(values),
      });
      notifySuccess(reply.message);
      onClose();
    } catch (failure) {
      applyTextsServerErrors(failure, fields, (name, e) => form.setError(name, e));
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={title} className="max-h-[92vh] max-w-4xl overflow-y-auto">
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        <LanguageTexts
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
          idPrefix={idPrefix}
          textHint={textHint}
          before={before}
        />
        <FormFooter
          rootError={form.formState.errors.root?.message}
          disabled={form.formState.isSubmitting || uploading}
          onCancel={onClose}
        />
      </form>
    </AppDialog>
  );
}
