import type SanitizeHtml from 'sanitize-html';
import type { RichTextTranslations } from '../db/schema/common';
import { FieldErrors, type FieldMessages } from './errors';
import { requireSanitizeHtml } from './lazy-modules';
import { msg } from './messages';

/**
 * What a seller or the operator may keep in a rich text field (product descriptions, a shop's
 * profile): structure and emphasis, links over http(s), and pictures this site serves (a path
 * under its own origin, as the media pipeline gives). Everything else (scripts, event handlers,
 * styles, frames, forms, `javascript:` links, pictures from elsewhere, which the pages' Content
 * Security Policy would block, and relative addresses, which would ask every product's page for a
 * file under it) is dropped when the text is saved, so what a shopper's browser renders can only
 * be this.
 */
function options(sanitizeHtml: typeof SanitizeHtml): SanitizeHtml.IOptions {
  return {
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
}
/** The options, made with the library the first time a text is cleaned. */
let allowed: SanitizeHtml.IOptions | undefined;

/** A picture this site serves: an absolute path on its own origin ("/uploads/…"), not "//host/…". */
function isOwnPicture(src: string | undefined): boolean {
  return src !== undefined && /^\/(?![/\\])/.test(src);
}

/** The stored form of rich text someone typed: only the allowed tags and attributes remain. */
export function sanitizeRichText(html: string): string {
  const sanitizeHtml = requireSanitizeHtml();
  allowed ??= options(sanitizeHtml);
  return sanitizeHtml(html, allowed).trim();
}

/** The text a rich text field holds, without its tags (to check a description is not empty). */
export function richTextToPlain(html: string): string {
  return requireSanitizeHtml()(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}

/** Whether sanitised rich text shows anything: words, or a picture. */
export function hasRichText(clean: string): boolean {
  return richTextToPlain(clean) !== '' || /<img\b/i.test(clean);
}

/**
 * A page's or post's title and rich text in the other languages as they are stored: each text
 * sanitised; a language left empty (no title, nothing to read) left out. A language with a text
 * but no title is refused, as `translations.{locale}.title`.
 */
export function cleanRichTranslations(translations: Record<string, { title: string; description: string }>): {
  value: RichTextTranslations;
  errors: FieldMessages;
} {
  const value: RichTextTranslations = {};
  const errors: FieldMessages = {};
  for (const [locale, entry] of Object.entries(translations)) {
    const title = entry.title.trim();
    const clean = sanitizeRichText(entry.description);
    const description = hasRichText(clean) ? clean : '';
    if (title === '' && description === '') continue;
    if (title === '') {
      errors[`translations.${locale}.title`] = [msg('Give the title in this language too, or leave its text empty.')];
      continue;
    }
    value[locale] = { title, description };
  }
  return { value, errors };
}

/** The title and text in `locale` when translated (each on its own), else the English ones. */
export function translateRichText(
  row: { title: string; description: string; translations: RichTextTranslations | null },
  locale: string,
): { title: string; description: string } {
  const translated = row.translations?.[locale];
  return {
    title: translated?.title.trim() ? translated.title : row.title,
    description: translated?.description.trim() ? translated.description : row.description,
  };
}

/**
 * A page's or post's title and text in English, sanitised (what a shopper's browser renders can
 * only be what the sanitiser allows), and in each other language. Field errors for an empty text.
 */
export function cleanRichTexts(input: {
  title: string;
  description: string;
  translations: Record<string, { title: string; description: string }>;
}): { title: string; description: string; translations: RichTextTranslations } {
  const errors: FieldMessages = {};
  const description = sanitizeRichText(input.description);
  if (!hasRichText(description)) errors.description = [msg('The text field is required.')];
  const translations = cleanRichTranslations(input.translations);
  Object.assign(errors, translations.errors);
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return { title: input.title, description, translations: translations.value };
}
