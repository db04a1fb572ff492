import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { useT } from '../../lib/i18n';
import { FieldError } from './text-field';

export interface OtpInputProps {
  /** The digits typed so far, one character per box ('' for an empty box). */
  value: string;
  onChange: (value: string) => void;
  length: number;
  error?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  /** Names the group for screen readers. */
  label: string;
}

/** Empty boxes are spaces so each digit keeps its position; a full code is just the digits. */
function serialize(digits: readonly string[]): string {
  return digits
    .map((d) => d || ' ')
    .join('')
    .trimEnd();
}

/**
 * Single-digit boxes: a digit moves focus to the next box, Backspace on an empty
 * box moves to the previous one, and a pasted code fills the boxes from the focused one on.
 */
export function OtpInput({ value, onChange, length, error, disabled, autoFocus, label }: OtpInputProps) {
  const t = useT();
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => (value[i] ?? '').trim());

  const focus = (index: number) => {
    const target = refs.current[Math.max(0, Math.min(length - 1, index))];
    target?.focus();
    target?.select();
  };

  const write = (index: number, chars: string) => {
    const next = [...digits];
    let i = index;
    for (const char of chars) {
      if (i >= length) break;
      next[i] = char;
      i += 1;
    }
    onChange(serialize(next));
    return i;
  };

  const onInput = (index: number, raw: string) => {
    const typed = raw.replace(/\D/g, '');
    if (!typed) {
      // The box was cleared (or got a non-digit, which is dropped).
      const next = [...digits];
      next[index] = '';
      onChange(serialize(next));
      return;
    }
    // A box holds one digit; the last one typed wins.
    const end = write(index, typed.length > 1 && digits[index] ? typed.slice(-1) : typed);
    focus(end);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !digits[index] && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      const rtl = event.currentTarget.closest('[dir="rtl"]') !== null;
      const forward = (event.key === 'ArrowRight') !== rtl;
      focus(index + (forward ? 1 : -1));
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    event.preventDefault();
    if (!pasted) return;
    focus(write(index, pasted));
  };

  return (
    <div>
      {/* Codes read left to right in every language. */}
      <fieldset className="flex justify-center gap-3" dir="ltr" aria-describedby={error ? 'otp-error' : undefined}>
        <legend className="sr-only">{label}</legend>
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            maxLength={length}
            value={digit}
            disabled={disabled}
            // biome-ignore lint/a11y/noAutofocus: the code is the dialog's only task.
            autoFocus={autoFocus && index === 0}
            aria-label={t('Digit {{n}} of {{total}}', { n: index + 1, total: length })}
            aria-invalid={error ? true : undefined}
            onChange={(e) => onInput(index, e.target.value)}
            onKeyDown={(e) => onKeyDown(index, e)}
            onPaste={(e) => onPaste(index, e)}
            onFocus={(e) => e.target.select()}
            className="size-14 rounded-xl border border-slate-300 bg-white text-center text-2xl font-semibold tabular-nums text-slate-900 focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200 aria-invalid:border-rose-500 disabled:bg-slate-50"
          />
        ))}
      </fieldset>
      <FieldError id="otp-error" message={error} />
    </div>
  );
}
