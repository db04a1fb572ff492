import { IMAGE_UPLOAD_TYPES } from '@shop/contracts/constants';
import { CONTENT_IMAGE_MAX_BYTES } from '@shop/contracts/operator-content';
import { useState } from 'react';
import type { Path, PathValue, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { ImagePicker } from '../../../components/ui/image-picker';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useContentImageUpload } from '../api/content';

/** The fields of a content form that hold its picture: the uploaded image's id and address. */
interface PictureValues {
  media_id: number | null;
  image_url: string;
}

/**
 * A content row's picture (a banner's, a post's), uploaded as soon as it is chosen: the form
 * keeps the image's id and address; a refused file shows its message under the picker.
 * `reset` forgets the chosen file (the dialog closes); `uploading` holds the Save button.
 */
export function useContentPicture<V extends PictureValues>(form: UseFormReturn<V>) {
  const upload = useContentImageUpload();
  const [file, setFile] = useState<File | null>(null);
  const media = 'media_id' as Path<V>;
  const url = 'image_url' as Path<V>;
  const pick = (picked: File) => {
    setFile(picked);
    form.clearErrors(media);
    upload.mutate(picked, {
      onSuccess: (reply) => {
        form.setValue(media, reply.data.image.id as PathValue<V, Path<V>>, { shouldDirty: true });
        form.setValue(url, reply.data.image.url as PathValue<V, Path<V>>);
      },
      onError: (failure) => {
        setFile(null);
        form.setError(media, { type: 'server', message: serverFieldErrors(failure).image ?? failure.message });
      },
    });
  };
  const remove = () => {
    setFile(null);
    form.setValue(media, null as PathValue<V, Path<V>>, { shouldDirty: true });
    form.setValue(url, '' as PathValue<V, Path<V>>);
  };
  return {
    file,
    pick,
    remove,
    reset: () => setFile(null),
    uploading: upload.isPending,
    imageUrl: form.watch(url) as string,
  };
}

/** The picture's field: its preview (or Uploading…), the picker, and No picture where it may go. */
export function ContentPictureField({
  picture,
  alt,
  previewWidth,
  error,
  removable = false,
}: {
  picture: ReturnType<typeof useContentPicture>;
  /** What the preview shows, for screen readers. */
  alt: string;
  /** The preview's width class (a banner is wider than a post's picture). */
  previewWidth: 'w-32' | 'w-40';
  error?: string;
  /** The row may have no picture: a button takes it away. */
  removable?: boolean;
}) {
  const t = useT();
  const { imageUrl } = picture;
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-medium text-slate-700">{t('Picture')}</legend>
      <ImagePicker
        buttonLabel={imageUrl ? t('Change the picture') : t('Upload a picture')}
        preview={
          <span
            className={`grid h-20 ${previewWidth} shrink-0 place-items-center overflow-hidden rounded-lg border border-slate-200 bg-slate-50 text-slate-400`}
          >
            {picture.uploading ? (
              <span className="text-xs">{t('Uploading…')}</span>
            ) : imageUrl ? (
              <img src={imageUrl} alt={alt} className="size-full object-cover" />
            ) : (
              <Icon name="squares" className="size-8" />
            )}
          </span>
        }
        file={picture.file}
        onPick={picture.pick}
        error={error}
        maxBytes={CONTENT_IMAGE_MAX_BYTES}
        types={IMAGE_UPLOAD_TYPES}
      />
      {removable && imageUrl && (
        <Button size="sm" variant="ghost" onClick={picture.remove}>
          {t('No picture')}
        </Button>
      )}
    </fieldset>
  );
}
