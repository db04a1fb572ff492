import { IMAGE_UPLOAD_TYPES } from '@shop/contracts/constants';
import {
  type OperatorSettings,
  SETTINGS_IMAGE_MAX_BYTES,
  SETTINGS_IMAGES,
  type SettingsImage,
} from '@shop/contracts/operator-settings';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { ImagePicker, useObjectUrl } from '../../../components/ui/image-picker';
import { notifyError, notifySuccess } from '../../../components/ui/toaster';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useSettingsImage } from '../api/settings';

/** The settings' pictures: the header's and footer's logos, the app's icon and the footer's QR code. */
export function ImagesSection({ images }: { images: OperatorSettings['images'] }) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {t('Logos and QR code')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {t('Each picture is saved on its own and kept as a WebP of at most 1024 pixels a side.')}
      </p>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        {SETTINGS_IMAGES.map((kind) => (
          <PictureField key={kind} kind={kind} current={images[kind]} />
        ))}
      </div>
    </section>
  );
}

/** One picture: what it is now, the chosen file's preview, then save or cancel; remove when allowed. */
function PictureField({ kind, current }: { kind: SettingsImage; current: string | null }) {
  const t = useT();
  const change = useSettingsImage(kind);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const preview = useObjectUrl(file);
  const name = {
    web_logo: t('Header logo'),
    web_footer_logo: t('Footer logo'),
    app_logo: t('App icon'),
    footer_qr: t('QR code of the app'),
  }[kind];
  const send = (picked: File | null) =>
    change.mutate(picked, {
      onSuccess: (reply) => {
        notifySuccess(reply.message);
        setFile(null);
        setError(undefined);
      },
      onError: (failure) => {
        const message = serverFieldErrors(failure).image ?? failure.message;
        if (picked) setError(message);
        else notifyError(message);
      },
    });
  return (
    <fieldset className="min-w-0 space-y-3">
      <legend className="text-sm font-medium text-slate-700">{name}</legend>
      <ImagePicker
        buttonLabel={
          current || file ? t('Change {{picture}}', { picture: name }) : t('Upload {{picture}}', { picture: name })
        }
        preview={
          <span className="grid size-24 shrink-0 place-items-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50 text-slate-400">
            {preview || current ? (
              <img
                src={preview ?? current ?? ''}
                alt={
                  preview
                    ? t('Preview of the new {{picture}}', { picture: name })
                    : t('Current {{picture}}', { picture: name })
                }
                className="size-full object-contain p-1"
              />
            ) : (
              <Icon name="storefront" className="size-8" />
            )}
          </span>
        }
        file={file}
        onPick={(picked) => {
          setError(undefined);
          setFile(picked);
        }}
        error={error}
        maxBytes={SETTINGS_IMAGE_MAX_BYTES}
        types={IMAGE_UPLOAD_TYPES}
      />
      <div className="flex flex-wrap gap-2">
        {file ? (
          <>
            <Button size="sm" loading={change.isPending} onClick={() => send(file)}>
              {t('Save {{picture}}', { picture: name })}
            </Button>
            <Button size="sm" variant="ghost" disabled={change.isPending} onClick={() => setFile(null)}>
              {t('Cancel')}
            </Button>
          </>
        ) : (
          current &&
          kind !== 'web_logo' && (
            <Button size="sm" variant="ghost" loading={change.isPending} onClick={() => send(null)}>
              {t('Remove {{picture}}', { picture: name })}
            </Button>
          )
        )}
      </div>
    </fieldset>
  );
}
