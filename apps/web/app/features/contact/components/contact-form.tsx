import { TOAST } from '@shop/contracts/constants';
import { SUPPORT_MESSAGE_MAX, type SupportRequestInput, supportRequestSchema } from '@shop/contracts/content';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'react-toastify/unstyled';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { useT } from '../../../lib/i18n';
import { sendSupportMessage } from '../api/contact';

type Field = 'name' | 'email' | 'phone' | 'subject' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '' };

/** The first message of each field, from a zod error or the server's 422 `errors`. */
function firstErrors(errors: Record<string, readonly string[] | undefined>): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (messages?.[0]) out[key as Field] = messages[0];
  }
  return out;
}

const inputClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-sm text-slate-900 shadow-sm outline-none transition placeholder:text-slate-400 focus:ring-2 ${
    invalid
      ? 'border-red-400 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-primary-500 focus:ring-primary-100'
  }`;

/** Contact form of /contact-us and /support: checked here with the API's own rules, then sent. */
export function ContactForm() {
  const t = useT();
  const api = useApi();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useMutation({
    mutationFn: (body: Parameters<typeof sendSupportMessage>[1]) => sendSupportMessage(api, body),
    onSuccess: () => {
      toast.success(t('Your message has been sent successfully.'), { autoClose: TOAST.successMs });
      setValues(EMPTY);
      setErrors({});
    },
    onError: (error) => {
      if (error instanceof ApiError && error.errors) {
        setErrors(firstErrors(error.errors));
        return;
      }
      toast.error(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportRequestSchema.safeParse(values satisfies SupportRequestInput);
    if (!parsed.success) {
      // The contracts' messages are English; the server's come in the shopper's language already.
      const found = firstErrors(parsed.error.flatten().fieldErrors);
      setErrors(Object.fromEntries(Object.entries(found).map(([key, message]) => [key, t(message)])));
      return;
    }
    setErrors({});
    mutation.mutate(parsed.data);
  };

  const field = (name: Field, label: string, options: { type?: string; required?: boolean; autoComplete?: string }) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
        {options.required && <span className="text-red-600"> *</span>}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        value={values[name]}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        className={inputClass(Boolean(errors[name]))}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="mt-1 text-xs text-red-600">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {field('name', t('Name'), { autoComplete: 'name' })}
        {field('email', t('Email'), { type: 'email', autoComplete: 'email' })}
        {field('phone', t('Phone'), { type: 'tel', autoComplete: 'tel' })}
        {field('subject', t('Subject'), { required: true })}
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="mb-1.5 block text-sm font-medium text-slate-700">
          {t('Your message')}
          <span className="text-red-600"> *</span>
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={6}
          maxLength={SUPPORT_MESSAGE_MAX}
          value={values.message}
          onChange={(e) => setValues((v) => ({ ...v, message: e.target.value }))}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id}-message-error` : undefined}
          className={inputClass(Boolean(errors.message))}
        />
        {errors.message && (
          <p id={`${id}-message-error`} className="mt-1 text-xs text-red-600">
            {errors.message}
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={mutation.isPending}
        className="inline-flex items-center justify-center gap-2 rounded-lg bg-primary-700 px-6 py-2.5 text-sm font-semibold text-white shadow-sm transition hover:bg-primary-800 disabled:opacity-60"
      >
        {mutation.isPending && <Spinner className="size-4" />}
        {t('Send Message')}
      </button>
    </form>
  );
}
