import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n';
import { EditorPlaceholder } from './rich-text-editor';
import { FieldError } from './text-field';

/*
 * The rich text editor itself (tiptap on ProseMirror), which RichTextEditor loads in the browser
 * only: the server and every page without a rich text field never load it.
 */

/** Typography of the text being edited, as the storefront shows it (logical spacing for rtl). */
const CONTENT_CLASS =
  'min-h-40 px-3 py-2 text-sm leading-relaxed text-slate-800 outline-none [&_a]:text-primary-700 [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-slate-200 [&_blockquote]:ps-3 [&_h2]:mb-2 [&_h2]:mt-3 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mb-2 [&_h3]:mt-3 [&_h3]:font-semibold [&_li]:mb-1 [&_ol]:mb-3 [&_ol]:list-decimal [&_ol]:ps-6 [&_p]:mb-3 [&_ul]:mb-3 [&_ul]:list-disc [&_ul]:ps-6';

/** Only the web's links: the server keeps http(s) and mailto, so the editor asks for those. */
function linkHref(typed: string): string | null {
  const value = typed.trim();
  if (value === '') return null;
  if (/^mailto:/i.test(value)) return value;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

interface ToolState {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

const LINK_ICON = (
  <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round">
    <path d="M13.19 8.688a4.5 4.5 0 0 1 1.242 7.244l-4.5 4.5a4.5 4.5 0 0 1-6.364-6.364l1.757-1.757m13.35-.622 1.757-1.757a4.5 4.5 0 0 0-6.364-6.364l-4.5 4.5a4.5 4.5 0 0 0 1.242 7.244" />
  </svg>
);

function Toolbar({
  editor,
  label,
  disabled,
  linkInputId,
}: {
  editor: Editor;
  label: string;
  disabled: boolean;
  linkInputId: string;
}) {
  const t = useT();
  const [linking, setLinking] = useState(false);
  const [href, setHref] = useState('');
  const [linkError, setLinkError] = useState<string | undefined>();
  const state = useEditorState<ToolState>({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const tools: { key: string; label: string; text: ReactNode; active?: boolean; enabled?: boolean; run: () => void }[] =
    [
      {
        key: 'bold',
        label: t('Bold'),
        text: 'B',
        active: state.bold,
        run: () => editor.chain().focus().toggleBold().run(),
      },
      {
        key: 'italic',
        label: t('Italic'),
        text: 'I',
        active: state.italic,
        run: () => editor.chain().focus().toggleItalic().run(),
      },
      {
        key: 'h2',
        label: t('Heading'),
        text: 'H2',
        active: state.h2,
        run: () => editor.chain().focus().toggleHeading({ level: 2 }).run(),
      },
      {
        key: 'h3',
        label: t('Subheading'),
        text: 'H3',
        active: state.h3,
        run: () => editor.chain().focus().toggleHeading({ level: 3 }).run(),
      },
      {
        key: 'bullets',
        label: t('Bulleted list'),
        text: '•',
        active: state.bulletList,
        run: () => editor.chain().focus().toggleBulletList().run(),
      },
      {
        key: 'numbers',
        label: t('Numbered list'),
        text: '1.',
        active: state.orderedList,
        run: () => editor.chain().focus().toggleOrderedList().run(),
      },
      {
        key: 'quote',
        label: t('Quote'),
        text: '“',
        active: state.blockquote,
        run: () => editor.chain().focus().toggleBlockquote().run(),
      },
      {
        key: 'link',
        label: t('Link'),
        text: LINK_ICON,
        active: state.link || linking,
        run: () => {
          setHref(editor.getAttributes('link').href ?? '');
          setLinkError(undefined);
          setLinking((v) => !v);
        },
      },
      {
        key: 'undo',
        label: t('Undo'),
        text: '↶',
        enabled: state.canUndo,
        run: () => editor.chain().focus().undo().run(),
      },
      {
        key: 'redo',
        label: t('Redo'),
        text: '↷',
        enabled: state.canRedo,
        run: () => editor.chain().focus().redo().run(),
      },
    ];

  const applyLink = (event: FormEvent | { preventDefault: () => void }) => {
    event.preventDefault();
    if (href.trim() === '') {
      editor.chain().focus().extendMarkRange('link').unsetLink().run();
      setLinking(false);
      return;
    }
    const url = linkHref(href);
    if (!url) {
      setLinkError(t('Enter a web address (https://…) or an e-mail link (mailto:…).'));
      return;
    }
    editor.chain().focus().extendMarkRange('link').setLink({ href: url }).run();
    setLinking(false);
  };

  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div
        role="toolbar"
        aria-label={t('Formatting of {{field}}', { field: label })}
        className="flex flex-wrap gap-0.5 p-1"
      >
        {tools.map((tool) => (
          <button
            key={tool.key}
            type="button"
            onClick={tool.run}
            disabled={disabled || tool.enabled === false}
            aria-pressed={tool.active === undefined ? undefined : tool.active}
            title={tool.label}
            className={`relative flex h-8 min-w-8 items-center justify-center rounded-md px-2 text-sm font-semibold text-slate-700 hover:bg-white focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-400 disabled:opacity-40 aria-pressed:bg-white aria-pressed:text-primary-800 aria-pressed:shadow-sm ${tool.key === 'italic' ? 'italic' : ''}`}
          >
            {/* Named by its words (read out), shown by its sign. */}
            <span aria-hidden="true">{tool.text}</span>
            <span className="sr-only">{tool.label}</span>
          </button>
        ))}
      </div>
      {linking && (
        // Not a <form>: the editor sits inside the page's form, and forms do not nest.
        <div className="flex flex-wrap items-start gap-2 border-t border-slate-200 p-2">
          <div className="min-w-0 flex-1">
            <label className="sr-only" htmlFor={linkInputId}>
              {t('Link address')}
            </label>
            <input
              id={linkInputId}
              type="url"
              dir="ltr"
              value={href}
              placeholder="https://"
              onChange={(e) => setHref(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') applyLink(e);
                if (e.key === 'Escape') setLinking(false);
              }}
              aria-invalid={linkError ? true : undefined}
              className="h-9 w-full rounded-md border border-slate-300 px-2 text-sm focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200"
            />
            <FieldError message={linkError} />
          </div>
          <button
            type="button"
            onClick={applyLink}
            className="h-9 rounded-md bg-primary-700 px-3 text-sm font-semibold text-white hover:bg-primary-800"
          >
            {href.trim() === '' ? t('Remove link') : t('Apply link')}
          </button>
        </div>
      )}
    </div>
  );
}

/** The editable box's attributes: a labelled multi-line text box, invalid while its field has an error. */
function contentAttributes(
  labelId: string,
  describedBy: string | undefined,
  error: string | undefined,
  box: { id?: string; dir?: 'ltr' | 'rtl' },
) {
  return {
    ...(box.id ? { id: box.id } : {}),
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': 'true' } : {}),
    dir: box.dir ?? 'auto',
    class: CONTENT_CLASS,
  };
}

export interface EditorBoxProps {
  label: string;
  initialHtml: string;
  onChange: (html: string) => void;
  error: string | undefined;
  disabled: boolean;
  labelId: string;
  describedBy: string | undefined;
  linkInputId: string;
  boxId: string | undefined;
  dir: 'ltr' | 'rtl' | undefined;
}

/** The toolbar and the editable text. */
export default function EditorBox({
  label,
  initialHtml,
  onChange,
  error,
  disabled,
  labelId,
  describedBy,
  linkInputId,
  boxId,
  dir,
}: EditorBoxProps) {
  const editor = useEditor({
    immediatelyRender: false,
    editable: !disabled,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'], defaultProtocol: 'https' },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: contentAttributes(labelId, describedBy, error, { id: boxId, dir }),
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // The text box's description and validity follow the field's error.
  useEffect(() => {
    if (!editor) return;
    editor.setOptions({
      editorProps: { attributes: contentAttributes(labelId, describedBy, error, { id: boxId, dir }) },
    });
    // Without emitting an update: that would send the stored text back as a change (a form turning dirty).
    editor.setEditable(!disabled, false);
  }, [editor, labelId, describedBy, error, disabled, boxId, dir]);

  if (!editor) return <EditorPlaceholder />;
  return (
    <>
      <Toolbar editor={editor} label={label} disabled={disabled} linkInputId={linkInputId} />
      <EditorContent editor={editor} />
    </>
  );
}
