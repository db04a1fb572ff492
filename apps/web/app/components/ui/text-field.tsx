import { forwardRef, type InputHTMLAttributes, type ReactNode, useId } from 'react';

/** The first server or client message of a field, under it, announced to screen readers. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-rose-600">
      {message}
    </p>
  );
}

export const fieldInputClass =
  'block h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 transition-colors focus:outline-none focus:ring-2 disabled:bg-slate-50 disabled:text-slate-500 aria-invalid:border-rose-500 aria-invalid:focus:ring-rose-200 border-slate-300 focus:border-primary-500 focus:ring-primary-200';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: ReactNode;
  error?: string;
  /** Shown before the input inside its border (a phone number's dial code). */
  prefix?: ReactNode;
  /** Shown after the input inside its border (the password field's show/hide button). */
  suffix?: ReactNode;
}

/** A labelled input with its error under it; forwards the ref for react-hook-form's register. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, prefix, suffix, id, className = '', ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const input = (
    <input
      ref={ref}
      id={inputId}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
      className={
        prefix || suffix
          ? 'h-full min-w-0 flex-1 bg-transparent px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:outline-none'
          : fieldInputClass
      }
      {...rest}
    />
  );
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {prefix || suffix ? (
        <div
          className={`flex h-11 items-stretch overflow-hidden rounded-lg border bg-white focus-within:ring-2 ${
            error
              ? 'border-rose-500 focus-within:ring-rose-200'
              : 'border-slate-300 focus-within:border-primary-500 focus-within:ring-primary-200'
          }`}
        >
          {prefix ? (
            <span
              className="flex items-center border-e border-slate-200 bg-slate-50 px-3 text-sm text-slate-600"
              dir="ltr"
            >
              {prefix}
            </span>
          ) : null}
          {input}
          {suffix}
        </div>
      ) : (
        input
      )}
      <FieldError id={errorId} message={error} />
    </div>
  );
});
