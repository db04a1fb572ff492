import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AppDialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/text-field';
import { notifySuccess } from '../../../components/ui/toaster';
import { applyServerErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { FormFooter } from './back-office-form';

export interface TextActionDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** What the operator is deciding on, shown above the field. */
  subject?: string;
  /** The API's field name (reason, reference, commission_rate). */
  field: string;
  label: string;
  submitLabel: string;
  /** The field's check in the browser; the server checks it again. */
  schema: z.ZodType<string, string>;
  initial?: string;
  inputMode?: 'text' | 'decimal';
  /** Sends the value; resolves with the server's message. */
  onSubmit: (value: string) => Promise<{ message: string }>;
}

/**
 * One field, one decision (a refusal's reason, a payout's transfer reference, a commission): a
 * dialog with a react-hook-form form checked by zod, the server's field errors under the field.
 */
export function TextActionDialog({
  open,
  onClose,
  title,
  subject,
  field,
  label,
  submitLabel,
  schema,
  initial = '',
  inputMode = 'text',
  onSubmit,
}: TextActionDialogProps) {
  const t = useT();
  const form = useForm<{ value: string }>({
    resolver: zodResolver(z.object({ value: schema })),
    values: { value: initial },
  });
  const submit = form.handleSubmit(async ({ value }) => {
    try {
      notifySuccess((await onSubmit(value)).message);
      onClose();
    } catch (error) {
      const rest = applyServerErrors(error, [field], (_name, e) => form.setError('value', e));
      if (rest) form.setError('root', { type: 'server', message: rest });
    }
  });
  return (
    <AppDialog open={open} onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4 p-5">
        {subject && <p className="text-sm text-slate-600">{subject}</p>}
        <TextField
          label={label}
          inputMode={inputMode}
          autoComplete="off"
          error={form.formState.errors.value?.message ? t(form.formState.errors.value.message) : undefined}
          {...form.register('value')}
        />
        <FormFooter
          rootError={form.formState.errors.root?.message}
          disabled={form.formState.isSubmitting}
          onCancel={onClose}
          submitLabel={submitLabel}
        />
      </form>
    </AppDialog>
  );
}
