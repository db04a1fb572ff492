import { describe, expect, it } from 'vitest';
import { summaryOf } from '../load-page';
import { withoutRepeatedTitle } from './content-page';

describe('withoutRepeatedTitle', () => {
  it('drops a leading heading equal to the title', () => {
    expect(withoutRepeatedTitle('<h2>Terms &amp; Conditions</h2><p>Hi</p>', 'Terms & Conditions')).toBe('<p>Hi</p>');
    expect(withoutRepeatedTitle('  <h1 class="x">About <b>us</b></h1><p>A</p>', 'About Us')).toBe('<p>A</p>');
  });
  it('keeps other headings and bodies', () => {
    expect(withoutRepeatedTitle('<h2>Intro</h2><p>Hi</p>', 'About Us')).toBe('<h2>Intro</h2><p>Hi</p>');
    expect(withoutRepeatedTitle('<p>About Us</p>', 'About Us')).toBe('<p>About Us</p>');
  });
});

describe('summaryOf', () => {
  it('takes the first paragraph as text, cut with an ellipsis', () => {
    expect(summaryOf('<h2>T</h2><p>Hello &amp; <b>welcome</b>.</p><p>More</p>')).toBe('Hello & welcome.');
    expect(summaryOf(`<p>${'word '.repeat(60)}</p>`, 20)).toBe('word word word word…');
  });
});
