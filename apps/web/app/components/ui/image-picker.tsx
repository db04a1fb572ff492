import { type ChangeEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { FieldError } from './text-field';

/** A blob: address showing the chosen file, released when the file changes or the view goes. */
export function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(file);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file]);
  return url;
}

export interface ImagePickerProps {
  /** The button's text ("Upload Photo", "Change Photo", "Upload logo"). */
  buttonLabel: string;
  /** What shows the picture (an avatar, a logo tile), drawn before the button. */
  preview: ReactNode;
  file: File | null;
  /** A file that passed the type and size checks. */
  onPick: (file: File) => void;
  /** The server's word on the file, if it refused it. */
  error?: string;
  maxBytes: number;
  types: readonly string[];
}

/**
 * Picks one picture (the profile photo, a shop logo): a keyboard-reachable button, the accepted
 * types and size as a hint (or the chosen file's name), and a field error for a file of the wrong
 * type or too large before anything is sent.
 */
export function ImagePicker({ buttonLabel, preview, file, onPick, error, maxBytes, types }: ImagePickerProps) {
  const t = useT();
  const id = useId();
  const [localError, setLocalError] = useState<string | undefined>();
  const sizeMb = maxBytes / 1024 / 1024;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!chosen) return;
    if (!types.includes(chosen.type)) {
      setLocalError(t('The photo must be a JPG, PNG or WebP image.'));
      return;
    }
    if (chosen.size > maxBytes) {
      setLocalError(t('The photo may not be larger than {{size}} MB.', { size: sizeMb }));
      return;
    }
    setLocalError(undefined);
    onPick(chosen);
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      {preview}
      <div className="flex flex-col gap-1">
        <label
          htmlFor={id}
          className="inline-flex w-fit cursor-pointer items-center rounded-lg border border-primary-600 px-3 py-1.5 text-sm font-semibold text-primary-700 hover:bg-primary-50 has-focus-visible:ring-2 has-focus-visible:ring-primary-300"
        >
          {buttonLabel}
          <input
            id={id}
            type="file"
            accept={types.join(',')}
            className="sr-only"
            onChange={pick}
            aria-describedby={`${id}-hint`}
          />
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {file ? file.name : t('JPG, PNG or WebP, up to {{size}} MB', { size: sizeMb })}
        </p>
        <FieldError message={localError ?? error} />
      </div>
    </div>
  );
}
