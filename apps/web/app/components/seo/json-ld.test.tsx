// @vitest-environment happy-dom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonLd, jsonLdText } from './json-ld';

describe('JsonLd', () => {
  it('renders an ld+json script whose text parses back to the data', () => {
    const data = { '@type': 'BlogPosting', headline: 'Tips & "tricks"', text: 'a\u2028b' };
    const html = renderToStaticMarkup(<JsonLd data={data} />);
    const match = html.match(/^<script type="application\/ld\+json">(.*)<\/script>$/s);
    expect(match).not.toBeNull();
    expect(JSON.parse(match?.[1] ?? '')).toEqual(data);
  });

  it('cannot be broken out of by a closing script tag or comment in the data', () => {
    const data = { name: '</script><script>alert(1)</script><!--' };
    const html = renderToStaticMarkup(<JsonLd data={data} />);
    // The only closing tag is the element's own, at the very end.
    expect(html.match(/<\/script/gi)).toHaveLength(1);
    expect(html.endsWith('</script>')).toBe(true);
    expect(html).not.toContain('<!--');
    expect(JSON.parse(jsonLdText(data))).toEqual(data);
  });
});
