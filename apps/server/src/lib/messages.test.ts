import { describe, expect, it } from 'vitest';
import { contractMessage, english, msg, Translator, waitMessage } from './messages';

const tables = new Map([
  [
    'ar',
    {
      'The {{field}} field is required.': 'حقل {{field}} مطلوب.',
      'The {{field}} must be a number.': 'يجب أن تكون قيمة {{field}} رقمًا.',
      'The {{field}} must be between -{{limit}} and {{limit}}.':
        'يجب أن تكون قيمة {{field}} بين -{{limit}} و{{limit}}.',
      'The product id or shop id field is required.': 'معرّف المنتج أو معرّف المتجر مطلوب.',
      'Please wait {{wait}}.': 'يرجى الانتظار {{wait}}.',
      '{{count}} minutes': '{{count}} دقيقة',
      phone: 'الهاتف',
      latitude: 'خط العرض',
    },
  ],
]);

function translator() {
  const missing: string[] = [];
  return { missing, t: new Translator(tables, (locale, key) => missing.push(`${locale}:${key}`)) };
}

describe('Translator', () => {
  it('fills placeholders, translating values that are messages themselves', () => {
    const { t, missing } = translator();
    const required = msg('The {{field}} field is required.', { field: msg('phone') });
    expect(t.text('ar', required)).toBe('حقل الهاتف مطلوب.');
    expect(t.text('ar', msg('Please wait {{wait}}.', { wait: waitMessage(300) }))).toBe('يرجى الانتظار 5 دقيقة.');
    expect(t.text('en', required)).toBe('The phone field is required.');
    expect(english(required)).toBe('The phone field is required.');
    expect(missing).toEqual([]);
  });

  it('falls back to English and reports a missing key once per language', () => {
    const { t, missing } = translator();
    expect(t.text('ar', msg('Shop not found.'))).toBe('Shop not found.');
    expect(t.text('ar', msg('Shop not found.'))).toBe('Shop not found.');
    expect(t.text('fr', msg('Shop not found.'))).toBe('Shop not found.');
    expect(missing).toEqual(['ar:Shop not found.', 'fr:Shop not found.']);
  });

  it('translates a written-out contract sentence by the key it was made from, labels included', () => {
    const { t, missing } = translator();
    expect(t.sentence('ar', 'The latitude must be a number.')).toBe('يجب أن تكون قيمة خط العرض رقمًا.');
    expect(t.sentence('ar', 'The latitude must be between -90 and 90.')).toBe('يجب أن تكون قيمة خط العرض بين -90 و90.');
    expect(t.text('ar', contractMessage('The phone field is required.'))).toBe('حقل الهاتف مطلوب.');
    // An exact key wins over a template that would also match.
    expect(t.sentence('ar', 'The product id or shop id field is required.')).toBe('معرّف المنتج أو معرّف المتجر مطلوب.');
    expect(missing).toEqual([]);
    // A label with no translation is reported, not silently left in English.
    t.sentence('ar', 'The longitude must be a number.');
    expect(missing).toEqual(['ar:longitude']);
    // Different values where the key repeats one placeholder: not this template.
    t.sentence('ar', 'The latitude must be between -90 and 80.');
    expect(missing).toContain('ar:The latitude must be between -90 and 80.');
  });
});
