import { describe, expect, it } from 'vitest';
import { richTextToPlain, sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps structure and drops everything that could run', () => {
    const html = sanitizeRichText(
      '<h2 onclick="x()">Title</h2><p style="color:red">Hi <strong>there</strong><script>alert(1)</script></p>' +
        '<img src="x" onerror="alert(2)"><img src="https://cdn.example/a.png" alt="a">' +
        '<a href="javascript:alert(3)">bad</a><a href="https://example.com">good</a>' +
        '<iframe src="https://evil.example"></iframe><svg><script>alert(4)</script></svg>',
    );
    expect(html).not.toMatch(/script|onerror|onclick|style=|javascript:|iframe|svg|alert/i);
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<strong>there</strong>');
    expect(html).not.toContain('<img');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">good</a>');
  });

  it('keeps only pictures this site serves: no other origin (the pages would block it), no relative address', () => {
    const html = sanitizeRichText(
      '<p><img src="/uploads/products/1.webp" alt="own"><img src="https://cdn.example/a.png" alt="away">' +
        '<img src="//cdn.example/b.png"><img src="/\\cdn.example/c.png"><img src="x"><img alt="none"></p>',
    );
    expect(html).toBe('<p><img src="/uploads/products/1.webp" alt="own" /></p>');
  });

  it('keeps Arabic text and its direction', () => {
    expect(sanitizeRichText('<p dir="rtl">قميص قطني</p>')).toBe('<p dir="rtl">قميص قطني</p>');
  });

  it('reads the plain text of a description', () => {
    expect(richTextToPlain('<p> </p><p><br></p>')).toBe('');
    expect(richTextToPlain('<p>Soft <b>cotton</b></p>')).toBe('Soft cotton');
  });
});
