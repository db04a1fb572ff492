import { IMPORT_FILE_MAX_BYTES, type ImportJob } from '@shop/contracts/seller-imports';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icons';
import { Spinner } from '../../../components/ui/spinner';
import { ErrorState } from '../../../components/ui/states';
import { FieldError } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useApi } from '../../../lib/api-context';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { useMarketTime } from '../../../lib/market-time';
import {
  EXPORT_URL,
  importJobQueryOptions,
  importJobsQueryOptions,
  isRunning,
  reportUrl,
  useImportFinished,
  useStartImport,
} from '../api/seller-imports';
import { sellerProductOptionsQueryOptions } from '../api/seller-products';

const PATH = '/shop/products/import';

const STATUS_LABELS: Record<ImportJob['status'], string> = {
  queued: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  failed: 'Stopped by an error',
};
const STATUS_TONES: Record<ImportJob['status'], string> = {
  queued: 'bg-slate-100 text-slate-700',
  running: 'bg-sky-50 text-sky-800',
  done: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-rose-50 text-rose-800',
};
const FORMAT_LABELS: Record<ImportJob['format'], string> = {
  template: 'Our template',
  shopify: 'Shopify export',
};

function JobStatus({ status }: { status: ImportJob['status'] }) {
  const t = useT();
  return (
    <span
      className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONES[status]}`}
    >
      {t(STATUS_LABELS[status])}
    </span>
  );
}

/** A bar that fills as `value` goes from 0 to `max`, named for screen readers. */
function ProgressBar({ label, value, max }: { label: string; value: number; max: number }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className="h-2.5 overflow-hidden rounded-full bg-slate-100"
    >
      <div
        className="h-full rounded-full bg-primary-600 transition-[width] duration-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** One import: how far it got (moving while it runs), what it did, and the report. */
function JobPanel({ id }: { id: number }) {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const query = useQuery(importJobQueryOptions(api, id));
  const finished = useImportFinished();
  const job = query.data;
  const wasRunning = useRef<boolean | null>(null);

  // The catalogue is read again once the job stops (products were made or changed).
  useEffect(() => {
    if (!job) return;
    const running = isRunning(job);
    if (wasRunning.current && !running) finished();
    wasRunning.current = running;
  }, [job, finished]);

  if (query.error instanceof ApiError && query.error.status === 404) {
    return <p className="rounded-2xl bg-white p-5 text-sm text-slate-600 shadow-sm">{t('Import not found.')}</p>;
  }
  if (query.isError)
    return <ErrorState title={t('We could not load the import')} onRetry={() => void query.refetch()} />;
  if (!job) return <Spinner className="size-8 text-primary-600" label={t('Loading')} />;

  const counts: { label: string; value: number; tone: string }[] = [
    { label: t('Created'), value: job.created, tone: 'text-emerald-700' },
    { label: t('Updated'), value: job.updated, tone: 'text-sky-700' },
    { label: t('Not imported'), value: job.failed, tone: 'text-rose-700' },
    { label: t('Warnings'), value: job.warnings, tone: 'text-amber-700' },
  ];
  const headingId = `import-${job.id}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h2 id={headingId} className="min-w-0 break-all text-lg font-semibold text-slate-900" dir="auto">
          {job.file_name}
        </h2>
        <JobStatus status={job.status} />
      </div>
      <p className="text-sm text-slate-600">
        {t(FORMAT_LABELS[job.format])} · {t('Started {{at}}', { at: time.format(job.created_at, 'dateTime') })}
      </p>
      <div className="space-y-1.5">
        <ProgressBar label={t('Import progress')} value={job.done} max={job.total} />
        <p className="text-sm tabular-nums text-slate-700" aria-live="polite">
          {t('{{done}} of {{total}} products', { done: job.done, total: job.total })}
        </p>
      </div>
      {job.status === 'failed' && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {t(
            'The import stopped because of an error on our side. The products saved so far are kept; try the file again.',
          )}
        </p>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {counts.map((count) => (
          <div key={count.label} className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{count.label}</dt>
            <dd className={`text-xl font-semibold tabular-nums ${count.tone}`}>{count.value}</dd>
          </div>
        ))}
      </dl>
      {job.report.length > 0 && (
        <div className="space-y-2">
          <h3 id={`${headingId}-rows`} className="text-sm font-semibold text-slate-900">
            {t('Rows to check')}
          </h3>
          {/* A long report scrolls in its own box, reachable from the keyboard. */}
          <section
            aria-labelledby={`${headingId}-rows`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take the focus to be scrolled by keys.
            tabIndex={0}
            className="max-h-96 overflow-auto rounded-xl border border-slate-200 focus-visible:ring-2 focus-visible:ring-primary-300"
          >
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('Row')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('Kind')}
                  </th>
                  <th scope="col" className="px-3 py-2 text-start">
                    {t('Message')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {job.report.map((line, i) => (
                  // The same row may have several lines: their place in the report tells them apart.
                  <tr key={`${line.row}-${i}`}>
                    <td className="px-3 py-2 tabular-nums">{line.row > 0 ? line.row : '—'}</td>
                    <td className={`px-3 py-2 ${line.kind === 'error' ? 'text-rose-700' : 'text-amber-700'}`}>
                      {line.kind === 'error' ? t('Error') : t('Warning')}
                    </td>
                    <td className="px-3 py-2 text-slate-700" dir="auto">
                      {line.message}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
      )}
      {job.failed + job.warnings > 0 && (
        <a href={reportUrl(job.id)} download className={buttonClass('outline', 'sm')}>
          <Icon name="download" className="size-4" />
          {t('Download the report (CSV)')}
        </a>
      )}
    </section>
  );
}

/** The shop's latest imports, each with a way to open it and its report. */
function RecentImports({ current }: { current: number | null }) {
  const t = useT();
  const api = useApi();
  const time = useMarketTime();
  const query = useQuery(importJobsQueryOptions(api));
  const jobs = (query.data ?? []).filter((job) => job.id !== current);
  if (jobs.length === 0) return null;
  return (
    <section aria-labelledby="recent-imports" className="space-y-3">
      <h2 id="recent-imports" className="text-lg font-semibold text-slate-900">
        {t('Recent imports')}
      </h2>
      <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm">
        {jobs.map((job) => (
          <li key={job.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
            <Link
              to={`${PATH}?job=${job.id}`}
              className="min-w-0 max-w-full truncate font-medium text-primary-700 hover:underline"
              dir="auto"
            >
              {job.file_name}
            </Link>
            <JobStatus status={job.status} />
            <span className="text-slate-500">{time.format(job.created_at, 'dateTime')}</span>
            <span className="text-slate-600">
              {t('Created {{created}}, updated {{updated}}, not imported {{failed}}', {
                created: job.created,
                updated: job.updated,
                failed: job.failed,
              })}
            </span>
            {job.failed + job.warnings > 0 && (
              <a href={reportUrl(job.id)} download className="ms-auto font-medium text-primary-700 hover:underline">
                {t('Report')}
              </a>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /shop/products/import: upload a catalogue (our template or Shopify's product export, as CSV),
 * then follow the job (products done of all, moving while it runs; the address keeps it, so a
 * reload follows it again), what it created and updated, and the rows to check, with the whole
 * report to download. The template is the shop's own export.
 */
export function ImportPage({ jobId }: { jobId: number | null }) {
  const t = useT();
  const api = useApi();
  const navigate = useNavigate();
  const ids = useId();
  const options = useQuery(sellerProductOptionsQueryOptions(api));
  const start = useStartImport();
  const [file, setFile] = useState<File | null>(null);
  const [category, setCategory] = useState('');
  const [sent, setSent] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sizeMb = IMPORT_FILE_MAX_BYTES / 1024 / 1024;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setFormError(null);
    if (!file) {
      setErrors({ file: t('Choose a CSV file to import.') });
      fileInput.current?.focus();
      return;
    }
    if (file.size > IMPORT_FILE_MAX_BYTES) {
      setErrors({ file: t('The file may not be larger than {{size}} MB.', { size: sizeMb }) });
      fileInput.current?.focus();
      return;
    }
    setSent(0);
    start.mutate(
      { file, defaultCategoryId: category ? Number(category) : null, onProgress: setSent },
      {
        onSuccess: (reply) => {
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          navigate(`${PATH}?job=${reply.data.job.id}`);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          const placed: Record<string, string> = {};
          if (fields.file) placed.file = fields.file;
          if (fields.default_category_id) placed.default_category_id = fields.default_category_id;
          setErrors(placed);
          if (Object.keys(placed).length === 0) {
            setFormError(error instanceof ApiError ? error.message : t('Something went wrong. Please try again.'));
          }
          if (placed.file) fileInput.current?.focus();
          else if (placed.default_category_id) document.getElementById(`${ids}-category`)?.focus();
        },
      },
    );
  };

  return (
    <div className="mx-auto max-w-4xl space-y-5">
      <div className="space-y-2">
        <Link to="/shop/products" className="text-sm font-medium text-primary-700 hover:underline">
          {t('Back to products')}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">{t('Import products')}</h1>
        <p className="text-sm text-slate-600">
          {t(
            'Upload our template or a product export from Shopify, as it is. Importing the same file again updates the products it made (found by SKU or handle) instead of adding them twice.',
          )}
        </p>
        <p className="text-sm">
          <a
            href={EXPORT_URL}
            download
            className="inline-flex items-center gap-1.5 font-medium text-primary-700 hover:underline"
          >
            <Icon name="download" className="size-4" />
            {t('Download the template: your catalogue as CSV')}
          </a>
        </p>
      </div>

      <form onSubmit={submit} noValidate className="space-y-4 rounded-2xl bg-white p-4 shadow-sm sm:p-5">
        <div>
          <label htmlFor={`${ids}-file`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('CSV file')}
          </label>
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setErrors({});
            }}
            aria-invalid={errors.file ? true : undefined}
            aria-describedby={`${ids}-file-hint${errors.file ? ` ${ids}-file-error` : ''}`}
            className="block w-full text-sm text-slate-700 file:me-3 file:rounded-lg file:border file:border-primary-600 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-primary-700 hover:file:bg-primary-50"
          />
          <p id={`${ids}-file-hint`} className="mt-1 text-xs text-slate-500">
            {t('CSV (UTF-8), up to {{size}} MB.', { size: sizeMb })}
          </p>
          <FieldError id={`${ids}-file-error`} message={errors.file} />
        </div>
        <div>
          <label htmlFor={`${ids}-category`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {t('Category for products whose own is not found (optional)')}
          </label>
          <select
            id={`${ids}-category`}
            value={category}
            onChange={(event) => setCategory(event.target.value)}
            aria-invalid={errors.default_category_id ? true : undefined}
            aria-describedby={errors.default_category_id ? `${ids}-category-error` : undefined}
            className="block h-11 w-full rounded-lg border border-slate-300 bg-white pe-8 ps-3 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 sm:max-w-sm"
          >
            <option value="">{t('None: import them as drafts')}</option>
            {(options.data?.categories ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError id={`${ids}-category-error`} message={errors.default_category_id} />
        </div>
        {start.isPending && (
          <div className="space-y-1">
            <ProgressBar label={t('Uploading the file')} value={Math.round(sent * 100)} max={100} />
            <p className="text-xs text-slate-500">{t('Uploading the file…')}</p>
          </div>
        )}
        {formError && (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-700">
            {formError}
          </p>
        )}
        <Button type="submit" loading={start.isPending}>
          {t('Start import')}
        </Button>
      </form>

      {jobId !== null && <JobPanel id={jobId} />}
      <RecentImports current={jobId} />
    </div>
  );
}
