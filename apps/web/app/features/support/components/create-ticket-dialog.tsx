import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENT_MAX_FILES, TICKET_MESSAGE_MAX } from '@shop/contracts/support';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AppDialog } from '../../../components/ui/dialog';
import { SelectField } from '../../../components/ui/select-field';
import { FieldError, fieldInputClass, TextField } from '../../../components/ui/text-field';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { issueTypesQueryOptions, ticketOrdersQueryOptions, useCreateTicket } from '../api/support';

const ACCEPT = '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf';

type Field = 'issue_type' | 'order_number' | 'subject' | 'message' | 'email' | 'phone' | 'attachments';

/** The "Create Ticket" modal: issue type, order, subject, message, e-mail, phone and files. */
export function CreateTicketDialog({
  open,
  onClose,
  defaultEmail,
  defaultPhone,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  defaultEmail?: string | null;
  defaultPhone?: string | null;
  onCreated: (ticketNumber: string, message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const api = useApi();
  const issueTypes = useQuery({ ...issueTypesQueryOptions(api, i18n.language), enabled: open });
  const orders = useQuery({ ...ticketOrdersQueryOptions(api), enabled: open });
  const create = useCreateTicket();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const fileInputId = useId();
  const messageId = useId();

  const close = () => {
    if (create.isPending) return;
    setErrors({});
    setFormError(null);
    setFiles([]);
    onClose();
  };

  const checkFiles = (chosen: File[]): string | null => {
    if (chosen.length > TICKET_ATTACHMENT_MAX_FILES) {
      return t('You may attach at most {{max}} files.', { max: TICKET_ATTACHMENT_MAX_FILES });
    }
    if (chosen.some((f) => f.size > TICKET_ATTACHMENT_MAX_BYTES)) {
      return t('Each attachment may not be greater than {{max}} kilobytes.', {
        max: TICKET_ATTACHMENT_MAX_BYTES / 1024,
      });
    }
    return null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: Partial<Record<Field, string>> = {};
    if (!form.get('issue_type')) next.issue_type = t('Please select an issue type');
    if (!String(form.get('message') ?? '').trim()) next.message = t('Please write your message');
    if (!String(form.get('email') ?? '').trim()) next.email = t('Please enter your email');
    const fileError = checkFiles(files);
    if (fileError) next.attachments = fileError;
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    form.delete('attachments');
    for (const file of files) form.append('attachments[]', file, file.name);
    create.mutate(form, {
      onSuccess: (reply) => {
        setErrors({});
        setFiles([]);
        onCreated(reply.data.support_ticket.ticket_no, reply.message);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        const known: Partial<Record<Field, string>> = {};
        const rest: string[] = [];
        for (const [field, message] of Object.entries(fields)) {
          if (['issue_type', 'order_number', 'subject', 'message', 'email', 'phone', 'attachments'].includes(field)) {
            known[field as Field] = message;
          } else rest.push(message);
        }
        setErrors(known);
        setFormError(rest.length > 0 ? rest.join(' ') : Object.keys(fields).length === 0 ? error.message : null);
      },
    });
  };

  return (
    <AppDialog open={open} onClose={close} title={t('Create Ticket')} className="max-w-lg!">
      <form onSubmit={submit} noValidate className="flex max-h-[80vh] flex-col gap-4 overflow-y-auto p-5">
        {formError && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {formError}
          </p>
        )}
        <SelectField
          name="issue_type"
          label={t('Issue Type')}
          placeholder={issueTypes.isPending ? t('Loading') : t('Select issue type')}
          options={(issueTypes.data ?? []).map((type) => ({ value: String(type.id), label: type.name }))}
          error={errors.issue_type}
          required
          defaultValue=""
        />
        <SelectField
          name="order_number"
          label={t('Order (optional)')}
          placeholder={orders.isPending ? t('Loading') : t('No order')}
          options={(orders.data ?? []).map((order) => ({ value: order.order_code, label: order.order_code }))}
          error={errors.order_number}
          defaultValue=""
        />
        <TextField name="subject" label={t('Subject')} maxLength={255} error={errors.subject} />
        <div>
          <label htmlFor={messageId} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('Message')}
          </label>
          <textarea
            id={messageId}
            name="message"
            rows={4}
            required
            maxLength={TICKET_MESSAGE_MAX}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${messageId}-error` : undefined}
            className={`${fieldInputClass} h-auto py-2`}
          />
          <FieldError id={`${messageId}-error`} message={errors.message} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            name="email"
            type="email"
            label={t('Email')}
            required
            autoComplete="email"
            defaultValue={defaultEmail ?? ''}
            error={errors.email}
          />
          <TextField
            name="phone"
            type="tel"
            inputMode="numeric"
            label={t('Phone (optional)')}
            autoComplete="tel"
            defaultValue={defaultPhone ?? ''}
            error={errors.phone}
          />
        </div>
        <div>
          <label htmlFor={fileInputId} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('Attachments (jpg, png, pdf; up to 2 MB each)')}
          </label>
          <input
            id={fileInputId}
            name="attachments"
            type="file"
            multiple
            accept={ACCEPT}
            aria-invalid={errors.attachments ? true : undefined}
            aria-describedby={errors.attachments ? `${fileInputId}-error` : undefined}
            onChange={(e) => {
              const chosen = [...(e.currentTarget.files ?? [])];
              setFiles(chosen);
              setErrors((prev) => ({ ...prev, attachments: checkFiles(chosen) ?? undefined }));
            }}
            className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border-0 file:bg-primary-50 file:px-3 file:py-2 file:font-semibold file:text-primary-700"
          />
          {files.length > 0 && (
            <ul className="mt-2 flex flex-col gap-1 text-xs text-slate-600">
              {files.map((file) => (
                <li key={`${file.name}-${file.size}`} className="truncate">
                  {file.name}
                </li>
              ))}
            </ul>
          )}
          <FieldError id={`${fileInputId}-error`} message={errors.attachments} />
        </div>
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="outline" onClick={close} disabled={create.isPending}>
            {t('Cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('Submit')}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
