import { type ReactNode, useEffect, useState } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';

/** The search box of a list: sent on Enter or after a pause, so typing does not flood the API. */
export function SearchFilter({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (q: string) => void;
  label?: string;
}) {
  const t = useT();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 400);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onChange(text.trim());
      }}
      className="min-w-0 flex-1"
    >
      <TextField
        type="search"
        label={label ?? t('Search')}
        value={text}
        maxLength={100}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  );
}

export function StatusFilter({
  value,
  onChange,
  options,
  label,
}: {
  value: string;
  onChange: (status: string) => void;
  options: readonly { value: string; label: string }[];
  label?: string;
}) {
  const t = useT();
  return (
    <SelectField
      label={label ?? t('Status')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      placeholder={t('All')}
      options={options}
      className="sm:w-56"
    />
  );
}

export function FilterBar({ children }: { children: ReactNode }) {
  return <div className="flex flex-col gap-3 sm:flex-row sm:items-end">{children}</div>;
}

export function PageHeading({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="space-y-1">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {hint && <p className="text-sm text-slate-600">{hint}</p>}
    </div>
  );
}
