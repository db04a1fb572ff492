import { TWO_STEP_CODE_LENGTH } from '@shop/contracts/constants';
import { forwardRef } from 'react';
import { TextField } from '../../../components/ui/text-field';
import { useT } from '../../../lib/i18n';

/**
 * The code of the authenticator app (six digits, offered by the phone's keyboard and autofill as
 * a one-time code), or with `recovery` a recovery code. Codes read left to right in every language.
 */
export const CodeField = forwardRef<
  HTMLInputElement,
  {
    value: string;
    onChange: (value: string) => void;
    error?: string;
    recovery?: boolean;
    autoFocus?: boolean;
    disabled?: boolean;
  }
>(function CodeField({ value, onChange, error, recovery = false, autoFocus, disabled }, ref) {
  const t = useT();
  return (
    <TextField
      ref={ref}
      label={recovery ? t('Recovery code') : t('Code from your authenticator app')}
      name={recovery ? 'recovery-code' : 'code'}
      dir="ltr"
      value={value}
      onChange={(e) => onChange(recovery ? e.target.value : e.target.value.replace(/[^\d\s]/g, ''))}
      error={error}
      disabled={disabled}
      autoFocus={autoFocus}
      autoComplete={recovery ? 'off' : 'one-time-code'}
      inputMode={recovery ? 'text' : 'numeric'}
      spellCheck={false}
      autoCapitalize="off"
      maxLength={recovery ? 20 : TWO_STEP_CODE_LENGTH + 2}
      placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
      className="[&_input]:font-mono [&_input]:tracking-widest"
    />
  );
});
