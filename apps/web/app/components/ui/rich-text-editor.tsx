import { lazy, Suspense, useId } from 'react';
import { useHydrated } from './hydrated';
import { FieldError } from './text-field';

/** The editor's code (tiptap, ProseMirror: a few hundred KB) loads when a rich text field shows. */
const EditorBox = lazy(() => import('./rich-text-editor-box'));

export interface RichTextEditorProps {
  label: string;
  /** The stored HTML the editor starts from (the server sanitised it). */
  initialHtml: string;
  /** Each change, as HTML; '' when the text is empty. */
  onChange: (html: string) => void;
  error?: string;
  /** A line under the label (what the text is for, its limits). */
  hint?: string;
  disabled?: boolean;
  /** The editable box's id, for a form that focuses the first field in error. */
  id?: string;
  /** The text's direction when the field is for one language (an Arabic text); by default its own. */
  dir?: 'ltr' | 'rtl';
}

/**
 * Rich text as sellers write it (a product's or a shop's description): paragraphs, headings,
 * lists, quotes, bold, italic and links, from a toolbar or the usual shortcuts. What it keeps is
 * what the server's sanitiser allows; the server cleans it again when it is saved. The editor is
 * loaded and built in the browser only (nothing to match on hydration; the server never loads it); it is labelled, and its toolbar
 * says which styles are on.
 */
export function RichTextEditor({
  label,
  initialHtml,
  onChange,
  error,
  hint,
  disabled = false,
  id: boxId,
  dir,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  // The editor's code loads once the page is interactive (never on the server).
  const hydrated = useHydrated();

  return (
    <div>
      <p id={labelId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </p>
      {hint && (
        <p id={`${id}-hint`} className="-mt-1 mb-1.5 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <div
        className={`overflow-hidden rounded-lg border bg-white focus-within:ring-2 ${
          error
            ? 'border-rose-500 focus-within:ring-rose-200'
            : 'border-slate-300 focus-within:border-primary-500 focus-within:ring-primary-200'
        }`}
      >
        {hydrated ? (
          <Suspense fallback={<EditorPlaceholder />}>
            <EditorBox
              label={label}
              initialHtml={initialHtml}
              onChange={onChange}
              error={error}
              disabled={disabled}
              labelId={labelId}
              describedBy={describedBy}
              linkInputId={`${id}-link`}
              boxId={boxId}
              dir={dir}
            />
          </Suspense>
        ) : (
          <EditorPlaceholder />
        )}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The editor's box, empty: until its code has loaded and the editor is built. */
export function EditorPlaceholder() {
  return <div className="min-h-[12.5rem]" aria-hidden="true" />;
}
