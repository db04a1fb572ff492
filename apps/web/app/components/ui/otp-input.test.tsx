// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { OtpInput } from './otp-input';

const i18n = createI18n('en', {});
afterEach(cleanup);

let latest = '';
function Harness({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return (
    <I18nextProvider i18n={i18n}>
      <OtpInput
        value={value}
        onChange={(v) => {
          latest = v;
          setValue(v);
        }}
        length={4}
        label="Enter OTP"
      />
    </I18nextProvider>
  );
}

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];

describe('OtpInput', () => {
  it('has one labelled box per digit', () => {
    render(<Harness />);
    expect(boxes()).toHaveLength(4);
    expect(screen.getByLabelText('Digit 1 of 4')).toBe(boxes()[0]);
  });

  it('a digit moves the focus to the next box; letters are dropped', () => {
    render(<Harness />);
    boxes()[0]!.focus();
    fireEvent.change(boxes()[0]!, { target: { value: '7' } });
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.change(boxes()[1]!, { target: { value: 'x' } });
    expect(boxes()[1]!.value).toBe('');
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.change(boxes()[1]!, { target: { value: '3' } });
    expect(latest).toBe('73');
    expect(document.activeElement).toBe(boxes()[2]);
  });

  it('Backspace on an empty box moves to the previous one; on a full box it stays', () => {
    render(<Harness initial="12" />);
    boxes()[2]!.focus();
    fireEvent.keyDown(boxes()[2]!, { key: 'Backspace' });
    expect(document.activeElement).toBe(boxes()[1]);
    fireEvent.keyDown(boxes()[1]!, { key: 'Backspace' });
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('a pasted code fills the boxes and keeps only digits', () => {
    render(<Harness />);
    boxes()[0]!.focus();
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => ' 4-8 1 9 5' } });
    expect(boxes().map((b) => b.value)).toEqual(['4', '8', '1', '9']);
    expect(latest).toBe('4819');
  });

  it('clearing a middle box keeps the others in place', () => {
    render(<Harness initial="1234" />);
    fireEvent.change(boxes()[1]!, { target: { value: '' } });
    expect(boxes().map((b) => b.value)).toEqual(['1', '', '3', '4']);
    expect(/^\d{4}$/.test(latest)).toBe(false);
  });
});
