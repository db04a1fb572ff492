import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RICH_TEXT_CLASS } from './rich-text';

export interface RichTextEditorProps {
  /** The editable area's id (a field error's focus target). */
  id: string;
  /** The id of the element naming the field (its label). */
  labelledBy: string;
  /** HTML; '' for nothing. */
  value: string;
  /** HTML as typed, '' when the editor holds nothing. The server sanitises it when it is saved. */
  onChange: (html: string) => void;
  onBlur?: () => void;
  dir?: 'ltr' | 'rtl';
  lang?: string;
  /** The id of the field's error, when it has one. */
  errorId?: string;
}

/**
 * What the editor offers is what the server keeps (lib/rich-text.ts on the server): paragraphs,
 * headings 2 and 3, bold, italic, lists and links. Code blocks are left out: they would be dropped.
 */
const extensions = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      protocols: ['http', 'https', 'mailto'],
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: '_blank' },
    },
  }),
];

/** A link's address as typed ("shop.example/x"): https:// added when it names no scheme. */
function linkHref(typed: string): string | null {
  const text = typed.trim();
  if (!text) return null;
  const href = /^(https?:|mailto:)/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(href);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}

function ToolButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      // Keeps the text selected in the editor while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`inline-flex h-8 min-w-8 items-center justify-center rounded-md px-1.5 text-sm ${
        active ? 'bg-primary-100 text-primary-800' : 'text-slate-700 hover:bg-slate-100'
      }`}
    >
      {children}
    </button>
  );
}

/** The link form under the toolbar: the address of the selected text's link. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? ''));
  const [error, setError] = useState<string | null>(null);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!href.trim()) {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      onDone();
      return;
    }
    const url = linkHref(href);
    if (!url) {
      setError(t('Enter a web address (https://…) or an email link (mailto:…).'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    onDone();
  };
  // A form inside the product's form would nest forms: the fields answer Enter themselves.
  return (
    <div className="flex flex-wrap items-start gap-2 border-b border-slate-200 bg-slate-50 p-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={inputId} className="sr-only">
          {t('Link address')}
        </label>
        <input
          id={inputId}
          type="url"
          dir="ltr"
          // biome-ignore lint/a11y/noAutofocus: the form opens on the seller's own click, to type in it.
          autoFocus
          value={href}
          placeholder="https://"
          onChange={(event) => setHref(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') apply(event);
            if (event.key === 'Escape') {
              event.preventDefault();
              editor.commands.focus();
              onDone();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="block h-8 w-full rounded-md border border-slate-300 bg-white px-2 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
        />
        {error && (
          <p id={`${inputId}-error`} role="alert" className="mt-1 text-xs text-rose-600">
            {error}
          </p>
        )}
      </div>
      <button
        type="button"
        onClick={apply}
        className="h-8 rounded-md bg-primary-700 px-3 text-sm font-semibold text-white hover:bg-primary-800"
      >
        {t('Apply')}
      </button>
      <button
        type="button"
        onClick={() => {
          editor.commands.focus();
          onDone();
        }}
        className="h-8 rounded-md px-3 text-sm text-slate-700 hover:bg-slate-100"
      >
        {t('Cancel')}
      </button>
    </div>
  );
}

/**
 * A rich text field (Tiptap): a toolbar of bold, italic, headings, lists and link, each a button
 * that says whether it is on, and the editable area, named by the field's label. It renders
 * nothing editable on the server; the editor starts in the browser.
 */
export function RichTextEditor({ id, labelledBy, value, onChange, onBlur, dir, lang, errorId }: RichTextEditorProps) {
  const { t } = useTranslation();
  const [linking, setLinking] = useState(false);
  // What the editor last sent: a value equal to it came from typing and is not put back.
  const emitted = useRef(value);
  const editor = useEditor({
    extensions,
    content: value,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(errorId ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        ...(dir ? { dir } : {}),
        ...(lang ? { lang } : {}),
        class: `min-h-40 px-3 py-2 text-sm text-slate-800 focus:outline-none ${RICH_TEXT_CLASS} [&_h2]:mt-4 [&_h3]:mt-3 [&_p]:mb-2`,
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML();
      emitted.current = html;
      onChange(html);
    },
    onBlur: () => onBlur?.(),
  });

  // The error's description follows the field's state (the attributes were set when the editor started).
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: {
        attributes: {
          ...(editor.options.editorProps.attributes as Record<string, string>),
          'aria-invalid': errorId ? 'true' : 'false',
          'aria-describedby': errorId ?? '',
        },
      },
    });
  }, [editor, errorId]);

  // A value from outside (the form reset to a reloaded product) replaces what the editor holds.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bullets: e.isActive('bulletList'),
            numbers: e.isActive('orderedList'),
            link: e.isActive('link'),
          }
        : null,
  });

  const run = (action: (e: Editor) => void) => () => {
    if (editor) action(editor);
  };

  return (
    <div
      className={`overflow-hidden rounded-lg border bg-white focus-within:ring-2 ${
        errorId
          ? 'border-rose-500 focus-within:ring-rose-200'
          : 'border-slate-300 focus-within:border-primary-500 focus-within:ring-primary-200'
      }`}
    >
      <div
        role="toolbar"
        aria-label={t('Formatting')}
        aria-controls={id}
        className="flex flex-wrap gap-1 border-b border-slate-200 bg-slate-50 p-1"
      >
        <ToolButton label={t('Bold')} active={!!state?.bold} onClick={run((e) => e.chain().focus().toggleBold().run())}>
          <span className="font-bold">B</span>
        </ToolButton>
        <ToolButton
          label={t('Italic')}
          active={!!state?.italic}
          onClick={run((e) => e.chain().focus().toggleItalic().run())}
        >
          <span className="font-serif italic">I</span>
        </ToolButton>
        <ToolButton
          label={t('Heading')}
          active={!!state?.h2}
          onClick={run((e) => e.chain().focus().toggleHeading({ level: 2 }).run())}
        >
          H2
        </ToolButton>
        <ToolButton
          label={t('Subheading')}
          active={!!state?.h3}
          onClick={run((e) => e.chain().focus().toggleHeading({ level: 3 }).run())}
        >
          H3
        </ToolButton>
        <ToolButton
          label={t('Bulleted list')}
          active={!!state?.bullets}
          onClick={run((e) => e.chain().focus().toggleBulletList().run())}
        >
          <svg viewBox="0 0 20 20" className="size-4 rtl:-scale-x-100" aria-hidden="true" fill="currentColor">
            <circle cx="4" cy="5" r="1.5" />
            <circle cx="4" cy="10" r="1.5" />
            <circle cx="4" cy="15" r="1.5" />
            <rect x="8" y="4" width="10" height="2" rx="1" />
            <rect x="8" y="9" width="10" height="2" rx="1" />
            <rect x="8" y="14" width="10" height="2" rx="1" />
          </svg>
        </ToolButton>
        <ToolButton
          label={t('Numbered list')}
          active={!!state?.numbers}
          onClick={run((e) => e.chain().focus().toggleOrderedList().run())}
        >
          <span className="text-xs font-semibold">1.</span>
        </ToolButton>
        <ToolButton label={t('Link')} active={!!state?.link || linking} onClick={() => setLinking((open) => !open)}>
          <svg
            viewBox="0 0 20 20"
            className="size-4"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M8.5 11.5a3 3 0 0 0 4.2 0l3-3a3 3 0 0 0-4.2-4.2l-1 1" strokeLinecap="round" />
            <path d="M11.5 8.5a3 3 0 0 0-4.2 0l-3 3a3 3 0 0 0 4.2 4.2l1-1" strokeLinecap="round" />
          </svg>
        </ToolButton>
      </div>
      {linking && editor && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
      {editor ? (
        <EditorContent editor={editor} />
      ) : (
        // Before the editor starts (and on the server): an empty box of its size, so nothing moves.
        <div className="min-h-40" aria-hidden="true" />
      )}
    </div>
  );
}
