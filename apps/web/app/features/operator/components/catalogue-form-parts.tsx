import { CATALOGUE_IMAGE_MAX_BYTES, CATALOGUE_IMAGE_TYPES } from '@shop/contracts/catalog-admin';
import { useEffect, useState } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ImagePicker, useObjectUrl } from '../../../components/ui/image-picker';
import { Img } from '../../../components/ui/img';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { applyServerErrors, serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { savedRowId, useCatalogueWrite } from '../api/catalogue';
import { DeleteRowButton, EditRowButton } from './back-office-list';

/** The other languages a name is written in (the name itself is English). */
export const NAME_LOCALES = [
  { code: 'id', label: 'Name (Indonesian)', dir: 'ltr' },
  { code: 'ar', label: 'Name (Arabic)', dir: 'rtl' },
] as const;

/** A form's field error by dotted path, translated (the contracts' messages are English keys). */
export function useFieldError<F extends FieldValues>(errors: FieldErrors<F>) {
  const t = useT();
  return (name: string) => {
    let node: unknown = errors;
    for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    const message = (node as { message?: unknown } | undefined)?.message;
    return typeof message === 'string' && message ? t(message) : undefined;
  };
}

/** The name and its translations, one field each. */
export function NameFields({
  register,
  error,
}: {
  register: (name: 'name' | 'translations.id' | 'translations.ar') => UseFormRegisterReturn;
  error: (name: string) => string | undefined;
}) {
  const t = useT();
  return (
    <>
      <TextField label={t('Name')} autoComplete="off" error={error('name')} {...register('name')} />
      {NAME_LOCALES.map((l) => (
        <TextField
          key={l.code}
          label={t(l.label)}
          lang={l.code}
          dir={l.dir}
          autoComplete="off"
          error={error(`translations.${l.code}`)}
          {...register(`translations.${l.code}`)}
        />
      ))}
    </>
  );
}

/** A name with its translations under it (what the shopper reads in each language). */
export function NameCell({ name, translations }: { name: string; translations: Record<string, string> }) {
  return (
    // A long word (a pasted code, a URL) breaks instead of widening a phone's card.
    <span className="min-w-0 [overflow-wrap:anywhere]">
      <span className="block">{name}</span>
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

/** A list's name column: the row's picture (where its kind has one), its name and translations. */
export function NameWithThumbnail({
  name,
  translations,
  thumbnail,
}: {
  name: string;
  translations: Record<string, string>;
  /** The picture, null for none yet; left out for a kind with no picture. */
  thumbnail?: string | null;
}) {
  return (
    <span className="flex min-w-0 items-start gap-3">
      {thumbnail !== undefined && <Thumbnail src={thumbnail} />}
      <NameCell name={name} translations={translations} />
    </span>
  );
}

/** The sort order of a row (a number, smaller first). */
export function SortOrderField({ error, registration }: { error?: string; registration: UseFormRegisterReturn }) {
  const t = useT();
  return <TextField label={t('Sort order (smaller first)')} inputMode="numeric" error={error} {...registration} />;
}

/** A row's picture in a list (its name is beside it), or an empty tile. */
export function Thumbnail({ src }: { src: string | null }) {
  return (
    <span className="grid size-10 shrink-0 place-items-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50">
      {src ? <Img src={src} width={40} height={40} alt="" className="size-full object-contain" /> : null}
    </span>
  );
}

export interface ImageChoice {
  /** A new picture to upload after the save. */
  file: File | null;
  /** The current picture is to go. */
  remove: boolean;
}

/**
 * The thumbnail (or logo) of a row: the current one, a chosen file's preview, or none; the file
 * is checked for type and size before anything is sent, and the server's refusal shows under it.
 */
export function ImageField({
  label,
  current,
  choice,
  onChange,
  error,
}: {
  label: string;
  current: string | null;
  choice: ImageChoice;
  onChange: (choice: ImageChoice) => void;
  error?: string;
}) {
  const t = useT();
  const preview = useObjectUrl(choice.file);
  const shown = preview ?? (choice.remove ? null : current);
  return (
    <fieldset className="min-w-0 space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{label}</legend>
      <ImagePicker
        buttonLabel={shown ? t('Change picture') : t('Upload picture')}
        file={choice.file}
        onPick={(file) => onChange({ file, remove: false })}
        error={error}
        maxBytes={CATALOGUE_IMAGE_MAX_BYTES}
        types={CATALOGUE_IMAGE_TYPES}
        preview={
          <span className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50 text-xs text-slate-400">
            {preview ? (
              <img src={preview} alt={t('Preview of the new picture')} className="size-full object-contain" />
            ) : shown ? (
              <Img src={shown} width={80} height={80} alt={t('Current picture')} className="size-full object-contain" />
            ) : (
              t('None')
            )}
          </span>
        }
      />
      {shown && (
        <Button type="button" size="sm" variant="ghost" onClick={() => onChange({ file: null, remove: true })}>
          {t('Remove picture')}
        </Button>
      )}
    </fieldset>
  );
}

/** A row's status in a list: shown plainly, or its opposite picked out for the reader. */
export function ActiveStatus({ active, shown, hidden }: { active: boolean; shown: string; hidden: string }) {
  return active ? shown : <span className="font-medium text-amber-700">{hidden}</span>;
}

/** A catalogue row's Edit and Delete buttons. */
export function CatalogueRowActions<T extends { name: string }>({
  row,
  dialogs,
}: {
  row: T;
  dialogs: { edit: (row: T) => void; remove: (row: T) => void };
}) {
  return (
    <>
      <EditRowButton name={row.name} onClick={() => dialogs.edit(row)} />
      <DeleteRowButton name={row.name} onClick={() => dialogs.remove(row)} />
    </>
  );
}

const NO_IMAGE: ImageChoice = { file: null, remove: false };

/**
 * Saves a catalogue row's form (`saveRow`), then closes it: a refused picture shows under the
 * picture (the row is kept, a second try changes it), another field's message under its field,
 * anything else as the form's own message. The picture chosen and its message start afresh each
 * time the form opens. `imageField` is what the form's ImageField takes.
 */
export function useCatalogueSave<V extends FieldValues, O extends FieldValues, F extends Path<V>>({
  open,
  form,
  path,
  id,
  image: withImage = true,
  hadImage,
  fields,
  onClose,
}: {
  open: boolean;
  form: UseFormReturn<V, unknown, O>;
  path: string;
  /** The row's id (null for a new one). */
  id: number | null;
  /** Whether the row has a picture to choose. */
  image?: boolean;
  hadImage: boolean;
  /** The fields the server's messages may name. */
  fields: readonly F[];
  onClose: () => void;
}) {
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
  const submit = form.handleSubmit(async (values) => {
    setImageError(undefined);
    try {
      const message = await saveRow(write, {
        path,
        id: id ?? savedId,
        body: values,
        ...(withImage ? { image, hadImage } : {}),
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
      const rest = applyServerErrors(failure, fields, (name, e) => form.setError(name, e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  const imageField = {
    choice: image,
    onChange: (next: ImageChoice) => {
      setImage(next);
      setImageError(undefined);
    },
    error: imageError,
  };
  return { submit, imageField };
}

type Write = ReturnType<typeof useCatalogueWrite>;

/**
 * Saves a row (POST for a new one, PUT for one that exists), then its picture: the chosen file is
 * uploaded, or a removed picture deleted. `onSaved` learns the row's id at once, so a second try
 * after a refused picture changes the row instead of adding it again. Returns the save's message.
 */
export async function saveRow(
  write: Write,
  {
    path,
    id,
    body,
    image,
    hadImage = false,
    onSaved,
  }: {
    path: string;
    id: number | null;
    body: object;
    image?: ImageChoice;
    hadImage?: boolean;
    onSaved: (id: number) => void;
  },
): Promise<string> {
  const reply = await write.mutateAsync({ path: id ? `${path}/${id}` : path, method: id ? 'PUT' : 'POST', body });
  const savedId = id ?? savedRowId(reply.data);
  if (savedId === null) return reply.message;
  onSaved(savedId);
  if (image?.file) {
    const form = new FormData();
    form.append('image', image.file);
    await write.mutateAsync({ path: `${path}/${savedId}/image`, method: 'POST', body: form });
  } else if (image?.remove && hadImage) {
    await write.mutateAsync({ path: `${path}/${savedId}/image`, method: 'DELETE' });
  }
  return reply.message;
}
