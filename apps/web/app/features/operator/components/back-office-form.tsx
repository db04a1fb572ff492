import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/** The pieces of a back-office form in a dialog: its checkbox, its message and its buttons. */

/** The checkbox that shows a row in the storefront (or offers it to shops). */
export function ActiveField({
  label,
  registration,
  className = '',
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  /** Where it stands in a grid (`self-end pb-2` beside a field). */
  className?: string;
}) {
  return (
    <label className={['flex items-center gap-2', className, 'text-sm'].filter(Boolean).join(' ')}>
      <input type="checkbox" className="size-4" {...registration} />
      {label}
    </label>
  );
}

/** The form's own message (the server's word that names no field), then Cancel and Save. */
export function FormFooter({
  rootError,
  busy,
  disabled,
  onCancel,
  submitLabel,
}: {
  rootError: string | undefined;
  /** Saving: Save shows a spinner and waits. */
  busy?: boolean;
  /** Save waits without a spinner (an upload still under way). */
  disabled?: boolean;
  onCancel: () => void;
  /** The submit button's word: Save unless told. */
  submitLabel?: string;
}) {
  const t = useT();
  return (
    <>
      {rootError && (
        <p role="alert" className="text-sm text-rose-600">
          {rootError}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button type="submit" loading={busy} disabled={disabled}>
          {submitLabel ?? t('Save')}
        </Button>
      </div>
    </>
  );
}
