import type { ThemeColors } from '@shop/contracts/settings';
import { describe, expect, it } from 'vitest';
import { themeVariables } from './theme';

const full: ThemeColors = {
  primary: '#e11d48',
  primary50: '#fff1f2',
  primary100: '#ffe4e6',
  primary200: '#fecdd3',
  primary300: '#fda4af',
  primary400: '#fb7185',
  primary500: '#f43f5e',
  primary600: '#e11d48',
  primary700: '#be123c',
  primary800: '#9f1239',
  primary900: '#881337',
  primary950: '#4c0519',
};

describe('themeVariables', () => {
  it('maps all 12 colours to the 12 CSS variables', () => {
    const vars = themeVariables(full);
    expect(Object.keys(vars)).toHaveLength(12);
    expect(vars['--color-primary']).toBe('#e11d48');
    expect(vars['--color-primary-50']).toBe('#fff1f2');
    expect(vars['--color-primary-500']).toBe('#f43f5e');
    expect(vars['--color-primary-950']).toBe('#4c0519');
  });

  it('sets nothing when any one of the 12 is missing', () => {
    for (const key of Object.keys(full) as (keyof ThemeColors)[]) {
      expect(themeVariables({ ...full, [key]: null })).toEqual({});
      expect(themeVariables({ ...full, [key]: '  ' })).toEqual({});
    }
  });

  it('sets nothing without theme colours', () => {
    expect(themeVariables(undefined)).toEqual({});
    expect(themeVariables(null)).toEqual({});
  });

  it('refuses a value that is not a colour', () => {
    expect(themeVariables({ ...full, primary300: 'red; background: url(x)' })).toEqual({});
    expect(themeVariables({ ...full, primary300: 'rgb(10, 20, 30)' })['--color-primary-300']).toBe('rgb(10, 20, 30)');
  });
});
