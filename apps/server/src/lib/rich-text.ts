import sanitizeHtml from 'sanitize-html';

/**
 * What a seller or the operator may keep in a rich text field (product descriptions, a shop's
 * profile): structure and emphasis, links over http(s), and pictures this site serves (a path
 * under its own origin, as the media pipeline gives). Everything else (scripts, event handlers,
 * styles, frames, forms, `javascript:` links, pictures from elsewhere, which the pages' Content
 * Security Policy would block, and relative addresses, which would ask every product's page for a
 * file under it) is dropped when the text is saved, so what a shopper's browser renders can only
 * be this.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    '*': ['dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    // A link a seller adds opens away from the shop without handing it the opener.
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
  disallowedTagsMode: 'discard',
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnPicture(frame.attribs.src),
};

/** A picture this site serves: an absolute path on its own origin ("/uploads/…"), not "//host/…". */
function isOwnPicture(src: string | undefined): boolean {
  return src !== undefined && /^\/(?![/\\])/.test(src);
}

/** The stored form of rich text someone typed: only the allowed tags and attributes remain. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text a rich text field holds, without its tags (to check a description is not empty). */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
