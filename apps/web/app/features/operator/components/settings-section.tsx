import type { ReactNode } from 'react';
import { useId } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';

/** The pieces every section of /operator/settings is made of (settings-page.tsx, settings-menus.tsx). */

/** A section's card: its heading, the fields, and its own Save button. */
export function SectionCard<V extends FieldValues, O extends FieldValues = V>({
  title,
  hint,
  form,
  onSubmit,
  children,
}: {
  title: string;
  hint?: string;
  /** The form; O is what its schema makes of the values (defaults filled in). */
  form: UseFormReturn<V, unknown, O>;
  onSubmit: (values: O) => Promise<void>;
  children: ReactNode;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="mt-4 space-y-4">
        {children}
        {form.formState.errors.root?.message && (
          <p role="alert" className="text-sm text-rose-600">
            {form.formState.errors.root.message}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {t('Save {{section}}', { section: title })}
          </Button>
        </div>
      </form>
    </section>
  );
}

/** The message under a field, for nested names too (`items.2.url`, `google.client_id`). */
export function fieldError<V extends FieldValues>(form: UseFormReturn<V>, name: Path<V>, t: (key: string) => string) {
  const message = form.getFieldState(name, form.formState).error?.message;
  return message ? t(message) : undefined;
}

export function Check({ label, hint, ...rest }: { label: string; hint?: string } & React.ComponentProps<'input'>) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="checkbox" className="mt-1 size-4 rounded border-slate-300 text-primary-600" {...rest} />
      <label htmlFor={id} className="text-sm text-slate-800">
        {label}
        {hint && <span className="block text-xs text-slate-500">{hint}</span>}
      </label>
    </div>
  );
}

export const grid = 'grid gap-4 sm:grid-cols-2';
