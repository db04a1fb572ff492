import { describe, expect, it } from 'vitest';
import {
  acceptLanguageFor,
  preferenceCookie,
  readCookie,
  readCurrencyCookie,
  readLocaleCookie,
  resolveLocale,
} from './cookies';

describe('cookie readers', () => {
  const header = 'session=abc; locale=ar; currency=IDR; other=a%20b';
  it('reads one cookie by exact name', () => {
    expect(readCookie(header, 'other')).toBe('a b');
    expect(readCookie(header, 'locale')).toBe('ar');
    expect(readCookie('xlocale=id', 'locale')).toBeUndefined();
    expect(readCookie(null, 'locale')).toBeUndefined();
  });
  it('accepts only locale-shaped and currency-shaped values', () => {
    expect(readLocaleCookie(header)).toBe('ar');
    expect(readLocaleCookie('locale=pt-BR')).toBe('pt-br');
    expect(readLocaleCookie('locale=../../etc')).toBeUndefined();
    expect(readLocaleCookie('locale=%3Cscript%3E')).toBeUndefined();
    expect(readCurrencyCookie(header)).toBe('IDR');
    expect(readCurrencyCookie('currency=US%24;')).toBeUndefined();
  });
});

describe('resolveLocale', () => {
  it('keeps an offered cookie choice', () => {
    expect(resolveLocale('ar', ['en', 'id', 'ar'])).toBe('ar');
  });
  it('falls back to en when the cookie is missing or not offered', () => {
    expect(resolveLocale(undefined, ['en', 'id'])).toBe('en');
    expect(resolveLocale('fr', ['en', 'id'])).toBe('en');
  });
  it("uses the shop's default when en is not offered", () => {
    expect(resolveLocale('fr', ['id', 'ar'], 'ar')).toBe('ar');
    expect(resolveLocale(undefined, ['id', 'ar'])).toBe('id');
  });
  it('trusts the cookie while the language list is unknown', () => {
    expect(resolveLocale('id', [])).toBe('id');
    expect(resolveLocale(undefined, [])).toBe('en');
  });
});

describe('acceptLanguageFor', () => {
  it('puts the rendered language first, then the visitor list at lower weight', () => {
    expect(acceptLanguageFor('ar', 'en-US,en;q=0.9,ar;q=0.8')).toBe('ar, en-US;q=0.9, en;q=0.8');
  });
  it('is the locale alone without a visitor header', () => {
    expect(acceptLanguageFor('id', null)).toBe('id');
    expect(acceptLanguageFor('id', '*')).toBe('id');
  });
});

describe('preferenceCookie', () => {
  it('is a year-long, site-wide, lax cookie', () => {
    expect(preferenceCookie('locale', 'ar')).toBe('locale=ar; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(preferenceCookie('currency', 'IDR', true)).toContain('; Secure');
  });
});
