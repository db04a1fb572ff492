import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  rectSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTOS_MAX,
  type SellerProduct,
  type SellerProductPhoto,
} from '@shop/contracts/seller-products';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { Icon } from '../../../components/ui/icons';
import { Img } from '../../../components/ui/img';
import { FieldError } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useOrderPhotos, usePhotoAction, useUploadPhoto } from '../api/seller-products';

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** A file on its way up: how far it got, or why it was refused. */
interface Upload {
  key: string;
  name: string;
  file: File;
  progress: number;
  error: string | null;
}

/** The reason a call failed, as the seller should read it: the photo field's message first. */
function reasonOf(error: unknown, fallback: string): string {
  const fields = serverFieldErrors(error);
  return fields.photo ?? fields.photo_ids ?? (error instanceof ApiError ? error.message : fallback);
}

function SortablePhoto({
  photo,
  position,
  count,
  busy,
  onCover,
  onDelete,
}: {
  photo: SellerProductPhoto;
  position: number;
  count: number;
  busy: boolean;
  onCover: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: photo.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative flex flex-col overflow-hidden rounded-xl border bg-white ${
        isDragging ? 'z-10 border-primary-500 shadow-lg' : 'border-slate-200'
      } ${photo.is_cover ? 'ring-2 ring-primary-600' : ''}`}
    >
      <div className="relative aspect-square bg-slate-100">
        <Img
          src={photo.url}
          width={160}
          height={160}
          alt={t('Photo {{position}}', { position })}
          className="size-full object-cover"
        />
        {photo.is_cover && (
          <span className="absolute start-1.5 top-1.5 rounded-full bg-primary-700 px-2 py-0.5 text-xs font-semibold text-white">
            {t('Cover')}
          </span>
        )}
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('Move photo {{position}} of {{count}}', { position, count })}
          className="absolute end-1.5 top-1.5 flex size-8 cursor-grab touch-none items-center justify-center rounded-full bg-white/90 text-slate-700 shadow hover:bg-white focus-visible:ring-2 focus-visible:ring-primary-500"
        >
          <svg viewBox="0 0 20 20" className="size-4" aria-hidden="true" fill="currentColor">
            <circle cx="7" cy="5" r="1.5" />
            <circle cx="13" cy="5" r="1.5" />
            <circle cx="7" cy="10" r="1.5" />
            <circle cx="13" cy="10" r="1.5" />
            <circle cx="7" cy="15" r="1.5" />
            <circle cx="13" cy="15" r="1.5" />
          </svg>
        </button>
      </div>
      <div className="flex items-center justify-between gap-1 p-1.5">
        {photo.is_cover ? (
          <span className="px-1.5 text-xs text-slate-500">{t('Shown first')}</span>
        ) : (
          <button
            type="button"
            onClick={onCover}
            disabled={busy}
            className="rounded-md px-1.5 py-1 text-xs font-medium text-primary-700 hover:bg-primary-50 disabled:opacity-50"
          >
            {t('Make cover')}
            {/* The name starts with the words shown (voice control finds it) and says which photo. */}
            <span className="sr-only"> ({t('Photo {{position}}', { position })})</span>
          </button>
        )}
        <button
          type="button"
          onClick={onDelete}
          disabled={busy}
          className="rounded-md p-1 text-rose-700 hover:bg-rose-50 disabled:opacity-50"
          aria-label={t('Delete photo {{position}}', { position })}
        >
          <Icon name="trash" className="size-4" />
        </button>
      </div>
    </li>
  );
}

/**
 * A product's photos: upload several (each with its progress, or the server's reason for refusing
 * it), put them in order by dragging or from the keyboard (the handle: Space picks a photo up, the
 * arrow keys move it, Space drops it, Escape puts it back; a screen reader is told each step),
 * choose the cover, delete. Each change is saved at once. A new product gets photos once saved.
 */
export function ProductPhotos({
  product,
  error,
  headingId,
  inputId,
}: {
  product: SellerProduct | null;
  /** The save's word on the photos ("Add at least one photo before publishing."). */
  error?: string;
  headingId: string;
  /** The id of what takes the focus when the photos are the first field in error. */
  inputId: string;
}) {
  const t = useT();
  if (!product) {
    return (
      <div>
        <p id={inputId} tabIndex={-1} className="rounded-lg bg-slate-50 px-3 py-3 text-sm text-slate-600">
          {t('Save the product as a draft to add photos.')}
        </p>
        <FieldError message={error} />
      </div>
    );
  }
  return <PhotoManager product={product} error={error} headingId={headingId} inputId={inputId} />;
}

function PhotoManager({
  product,
  error,
  headingId,
  inputId,
}: {
  product: SellerProduct;
  error?: string;
  headingId: string;
  inputId: string;
}) {
  const t = useT();
  const dndId = useId();
  const upload = useUploadPhoto(product.id);
  const reorder = useOrderPhotos(product.id);
  const action = usePhotoAction(product.id);
  const [photos, setPhotos] = useState(product.photos);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<SellerProductPhoto | null>(null);
  const queue = useRef<Upload[]>([]);
  const running = useRef(false);

  // The server's order is the truth once a change is saved (or refused).
  useEffect(() => setPhotos(product.photos), [product.photos]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const positionOf = (id: string | number) => photos.findIndex((p) => p.id === Number(id)) + 1;
  // A photo picked up is "over" its own place at once: that is not said, or it would cut off "Picked up".
  const moved = useRef(false);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved.current = false;
      return t('Picked up photo {{position}} of {{count}}.', { position: positionOf(active.id), count: photos.length });
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !moved.current) return undefined;
      moved.current = true;
      return over
        ? t('Photo {{from}} is over position {{to}} of {{count}}.', {
            from: positionOf(active.id),
            to: positionOf(over.id),
            count: photos.length,
          })
        : t('Photo {{from}} is no longer over a position.', { from: positionOf(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('Photo {{from}} was dropped at position {{to}} of {{count}}.', {
            from: positionOf(active.id),
            to: positionOf(over.id),
            count: photos.length,
          })
        : t('Photo {{from}} was dropped where it was.', { from: positionOf(active.id) }),
    onDragCancel: ({ active }) =>
      t('Moving was cancelled. Photo {{from}} is back in its place.', { from: positionOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const before = photos;
    const next = arrayMove(before, positionOf(active.id) - 1, positionOf(over.id) - 1);
    setPhotos(next);
    setProblem(null);
    reorder.mutate(
      next.map((p) => p.id),
      {
        onError: (failure) => {
          setPhotos(before);
          setProblem(reasonOf(failure, t('The new order could not be saved. Please try again.')));
        },
      },
    );
  };

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  // One photo at a time: each reply is the product with every photo so far.
  const drain = async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const item = next;
        try {
          await upload.mutateAsync({ file: item.file, onProgress: (progress) => patch(item.key, { progress }) });
          setUploads((list) => list.filter((u) => u.key !== item.key));
        } catch (failure) {
          patch(item.key, { error: reasonOf(failure, t('The photo could not be uploaded. Please try again.')) });
        }
      }
    } finally {
      running.current = false;
    }
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    setProblem(null);
    const room = PRODUCT_PHOTOS_MAX - photos.length - queue.current.length;
    const added = files.map((file, i): Upload => {
      const key = `${Date.now()}-${i}-${file.name}`;
      let reason: string | null = null;
      if (!PHOTO_TYPES.includes(file.type)) reason = t('The photo must be a JPG, PNG or WebP image.');
      else if (file.size > PRODUCT_PHOTO_MAX_BYTES)
        reason = t('The photo may not be larger than {{size}} MB.', { size: PRODUCT_PHOTO_MAX_BYTES / 1024 / 1024 });
      else if (i >= room) reason = t('A product may have at most {{max}} photos.', { max: PRODUCT_PHOTOS_MAX });
      return { key, name: file.name, file, progress: 0, error: reason };
    });
    setUploads((list) => [...list.filter((u) => !u.error), ...added]);
    queue.current.push(...added.filter((u) => !u.error));
    void drain();
  };

  const act = (photo: SellerProductPhoto, kind: 'cover' | 'delete') => {
    setProblem(null);
    action.mutate(
      { photoId: photo.id, action: kind },
      {
        onSuccess: () => setDeleting(null),
        onError: (failure) => {
          setDeleting(null);
          setProblem(reasonOf(failure, t('Something went wrong. Please try again.')));
        },
      },
    );
  };

  const full = photos.length >= PRODUCT_PHOTOS_MAX;
  const busy = action.isPending || reorder.isPending;
  const sizeMb = PRODUCT_PHOTO_MAX_BYTES / 1024 / 1024;
  const errorId = `${inputId}-error`;

  return (
    <div className="space-y-3">
      {photos.length > 0 ? (
        <DndContext
          id={dndId}
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: {
              draggable: t(
                'To move a photo, press Space or Enter to pick it up, the arrow keys to move it, Space or Enter again to drop it, or Escape to cancel.',
              ),
            },
          }}
        >
          <SortableContext items={photos.map((p) => p.id)} strategy={rectSortingStrategy}>
            <ul aria-labelledby={headingId} className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-5">
              {photos.map((photo, i) => (
                <SortablePhoto
                  key={photo.id}
                  photo={photo}
                  position={i + 1}
                  count={photos.length}
                  busy={busy}
                  onCover={() => act(photo, 'cover')}
                  onDelete={() => setDeleting(photo)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      ) : (
        <p className="text-sm text-slate-500">{t('No photos yet. The first photo you add becomes the cover.')}</p>
      )}

      {uploads.length > 0 && (
        <ul className="space-y-2" aria-label={t('Uploads')}>
          {uploads.map((item) => (
            <li key={item.key} className="rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="min-w-0 truncate" dir="auto">
                  {item.name}
                </span>
                {item.error ? (
                  <button
                    type="button"
                    onClick={() => setUploads((list) => list.filter((u) => u.key !== item.key))}
                    className="shrink-0 rounded-md px-2 py-0.5 text-xs text-slate-600 hover:bg-slate-100"
                  >
                    {t('Dismiss')}
                  </button>
                ) : (
                  <span className="shrink-0 text-xs tabular-nums text-slate-500">
                    {Math.round(item.progress * 100)}%
                  </span>
                )}
              </div>
              {item.error ? (
                <p role="alert" className="mt-1 text-rose-600">
                  {item.error}
                </p>
              ) : (
                <div
                  role="progressbar"
                  aria-label={t('Uploading {{name}}', { name: item.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(item.progress * 100)}
                  className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100"
                >
                  <div
                    className="h-full rounded-full bg-primary-600 transition-[width]"
                    style={{ width: `${Math.round(item.progress * 100)}%` }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      <div className="flex flex-wrap items-center gap-3">
        <label
          htmlFor={inputId}
          className={`inline-flex h-10 items-center gap-2 rounded-lg border px-4 text-sm font-semibold has-focus-visible:ring-2 has-focus-visible:ring-primary-300 ${
            full
              ? 'cursor-not-allowed border-slate-200 text-slate-400'
              : 'cursor-pointer border-primary-600 text-primary-700 hover:bg-primary-50'
          }`}
        >
          <Icon name="plus" className="size-4" />
          {t('Add photos')}
          <input
            id={inputId}
            type="file"
            multiple
            accept={PHOTO_TYPES.join(',')}
            disabled={full}
            onChange={pick}
            className="sr-only"
            aria-describedby={`${inputId}-hint${error ? ` ${errorId}` : ''}`}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {full
            ? t('A product may have at most {{max}} photos.', { max: PRODUCT_PHOTOS_MAX })
            : t('JPG, PNG or WebP, up to {{size}} MB each; at most {{max}} photos.', {
                size: sizeMb,
                max: PRODUCT_PHOTOS_MAX,
              })}
        </p>
      </div>
      <FieldError id={errorId} message={error} />
      {problem && (
        <p role="alert" className="text-sm text-rose-600">
          {problem}
        </p>
      )}

      <AppDialog open={deleting !== null} onClose={() => setDeleting(null)} title={t('Delete this photo?')}>
        <div className="space-y-4 p-5">
          {deleting && (
            <Img src={deleting.url} width={160} height={160} alt="" className="size-28 rounded-lg object-cover" />
          )}
          <div className="flex justify-end gap-3">
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={action.isPending}>
              {t('Cancel')}
            </Button>
            <Button
              className="bg-rose-600! hover:bg-rose-700!"
              loading={action.isPending}
              onClick={() => deleting && act(deleting, 'delete')}
            >
              {t('Delete')}
            </Button>
          </div>
        </div>
      </AppDialog>
    </div>
  );
}
