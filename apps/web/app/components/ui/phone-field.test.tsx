// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { digitsOnly, PhoneField } from './phone-field';

afterEach(cleanup);

describe('PhoneField', () => {
  it('keeps only the digits of what is typed before the form sees it', () => {
    const seen = vi.fn<(value: string) => void>();
    render(<PhoneField label="Phone Number" prefix="+62" onChange={(e) => seen(e.target.value)} />);
    const input = screen.getByLabelText('Phone Number') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '(0812) 3456-7890 ext' } });
    expect(seen).toHaveBeenLastCalledWith('081234567890');
    expect(input.value).toBe('081234567890');
    expect(input.type).toBe('tel');
    expect(input.inputMode).toBe('numeric');
    expect(screen.getByText('+62')).toBeTruthy();
  });

  it('works as a controlled input', () => {
    function Controlled() {
      const [value, setValue] = useState('');
      return <PhoneField label="Phone Number" value={value} onChange={(e) => setValue(e.target.value)} />;
    }
    render(<Controlled />);
    const input = screen.getByLabelText('Phone Number') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '+62 812-9' } });
    expect(input.value).toBe('628129');
  });

  it('digitsOnly drops everything but 0-9', () => {
    expect(digitsOnly(' +62 (812) ٣4-5a ')).toBe('6281245');
  });
});
