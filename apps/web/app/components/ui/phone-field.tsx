import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

/** A phone number keeps only its digits. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * No `maxLength`: the browser would cut a pasted "+62 812-3456-7890" at that many characters,
 * separators included, before they are dropped, and lose its last digits silently. The digit
 * count is the form's check (phone_min_length, phone_max_length), with its message.
 */
export type PhoneFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'maxLength'>;

/**
 * A phone number input: whatever else is typed or pasted is dropped before the
 * form sees the value; the dial code goes in `prefix`. Works with register() and Controller alike.
 */
export const PhoneField = forwardRef<HTMLInputElement, PhoneFieldProps>(function PhoneField(
  { onChange, ...props },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      {...props}
      onChange={(event) => {
        event.target.value = digitsOnly(event.target.value);
        onChange?.(event);
      }}
    />
  );
});
