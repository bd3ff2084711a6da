import { useEffect, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ListItem } from '@tiptap/extension-list';
import { useTranslation } from 'react-i18next';
import './rich-text-editor.css';

/**
 * The rich-text editor of content pages (about, FAQ answers…): TipTap on ProseMirror, loaded on demand by the form
 * (field-input.tsx) so that it never weighs on the first load. It writes HTML; the server sanitises what it stores
 * (crud/write.ts, sanitize-html) and the page sanitises what it shows (DOMPurify), so the editor is no guard.
 *
 * Keyboard: the usual shortcuts (Ctrl+B, Ctrl+I, Ctrl+Shift+7/8, Ctrl+Z); Tab always leaves the text (no trap, lists are
 * not indented by Tab); Ctrl+Enter is left to the form, which saves. The toolbar is one Tab stop, arrows move in it.
 */
interface Props {
  id: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  /** The form's handle to focus the field (react-hook-form focuses the first field in error). */
  focusRef?: (target: { focus: () => void } | null) => void;
  label: string;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  required?: boolean;
  autoFocus?: boolean;
}

/** A list item without Tab and Shift+Tab: those move the focus, as everywhere else in the form. */
const ListItemNoTab = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

const SAFE_LINK = /^(https:\/\/|mailto:|tel:)/i;

export default function RichTextEditor({ id, value, onChange, onBlur, focusRef, label, labelledBy, describedBy, invalid, required, autoFocus }: Props) {
  const { t } = useTranslation();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        listItem: false,
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        // Only the addresses the server keeps (sanitize-html: https, mailto, tel).
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'], isAllowedUri: (url) => SAFE_LINK.test(url) },
      }),
      ListItemNoTab,
    ],
    content: value || '',
    autofocus: autoFocus ? 'end' : false,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        class: 'rich-editor-text',
      },
      // Ctrl/Cmd+Enter saves the form (form-modal.tsx): not a line break here.
      handleKeyDown: (_view, event) => event.key === 'Enter' && (event.ctrlKey || event.metaKey),
    },
    // An empty editor holds "<p></p>": the field is empty then, so a required one says so.
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur(),
  });

  // A value set from outside (the record loaded, the form reset) replaces the text; our own edits come back equal.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if ((value || '') !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor || editor.isDestroyed || !focusRef) return;
    focusRef({ focus: () => { if (!editor.isDestroyed) editor.commands.focus(); } });
    return () => focusRef(null);
  }, [editor, focusRef]);

  // aria-invalid and aria-describedby follow the field's error after the editor is made.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const el = editor.view.dom;
    if (invalid) el.setAttribute('aria-invalid', 'true'); else el.removeAttribute('aria-invalid');
    if (describedBy) el.setAttribute('aria-describedby', describedBy); else el.removeAttribute('aria-describedby');
  }, [editor, invalid, describedBy]);

  return (
    <div className="rich-editor">
      {editor && <Toolbar editor={editor} label={t('editor.toolbar', { field: label })} />}
      <EditorContent editor={editor} />
    </div>
  );
}

interface Tool { key: string; label: string; shortcut?: string; active?: boolean; run: () => void; disabled?: boolean }

function Toolbar({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'), italic: e.isActive('italic'), heading: e.isActive('heading', { level: 2 }),
      bulletList: e.isActive('bulletList'), orderedList: e.isActive('orderedList'), link: e.isActive('link'),
      canUndo: e.can().undo(), canRedo: e.can().redo(),
    }),
  });
  const [linking, setLinking] = useState(false);
  const [focused, setFocused] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const chain = () => editor.chain().focus();
  const tools: Tool[] = [
    { key: 'bold', label: t('editor.bold'), shortcut: 'Ctrl+B', active: state.bold, run: () => chain().toggleBold().run() },
    { key: 'italic', label: t('editor.italic'), shortcut: 'Ctrl+I', active: state.italic, run: () => chain().toggleItalic().run() },
    { key: 'heading', label: t('editor.heading'), shortcut: 'Ctrl+Alt+2', active: state.heading, run: () => chain().toggleHeading({ level: 2 }).run() },
    { key: 'bulletList', label: t('editor.bulletList'), shortcut: 'Ctrl+Shift+8', active: state.bulletList, run: () => chain().toggleBulletList().run() },
    { key: 'orderedList', label: t('editor.orderedList'), shortcut: 'Ctrl+Shift+7', active: state.orderedList, run: () => chain().toggleOrderedList().run() },
    { key: 'link', label: t('editor.link'), active: state.link, run: () => setLinking(true) },
    { key: 'undo', label: t('editor.undo'), shortcut: 'Ctrl+Z', run: () => chain().undo().run(), disabled: !state.canUndo },
    { key: 'redo', label: t('editor.redo'), shortcut: 'Ctrl+Shift+Z', run: () => chain().redo().run(), disabled: !state.canRedo },
  ];
  // One Tab stop (the roving tabindex of a toolbar); the arrows, Home and End move between its buttons.
  const move = (e: React.KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[e.key];
    let next = focused;
    if (step) next = (focused + step + tools.length) % tools.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tools.length - 1;
    else return;
    e.preventDefault();
    setFocused(next);
    refs.current[next]?.focus();
  };
  return (
    <>
      <div role="toolbar" aria-label={label} className="rich-toolbar" onKeyDown={move}>
        {tools.map((tool, i) => (
          <button key={tool.key} type="button" className="btn" ref={(el) => { refs.current[i] = el; }} tabIndex={i === focused ? 0 : -1}
            aria-pressed={tool.active === undefined ? undefined : tool.active} aria-disabled={tool.disabled || undefined}
            title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label} aria-keyshortcuts={tool.shortcut?.replace(/Ctrl/g, 'Control')}
            onFocus={() => setFocused(i)} onClick={() => { if (!tool.disabled) tool.run(); }}>
            {tool.label}
          </button>
        ))}
      </div>
      {linking && <LinkForm editor={editor} onDone={() => setLinking(false)} />}
    </>
  );
}

/** The address of a link on the selected text: Enter applies, Esc leaves it as it was; an empty address removes the link. */
function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const { t } = useTranslation();
  const [href, setHref] = useState(() => String(editor.getAttributes('link').href ?? 'https://'));
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => { inputRef.current?.select(); }, []);
  // Esc closes this little form, not the dialog around it: the dialog hears Esc on the document in the capture
  // phase, so the window's capture phase, which comes first, takes it while the address has the focus.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.target !== inputRef.current) return;
      e.stopPropagation();
      e.preventDefault();
      onDone();
      editor.commands.focus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [editor, onDone]);
  const valid = href.trim() === '' || SAFE_LINK.test(href.trim());
  const apply = () => {
    if (!valid) return;
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href.trim() === '') chain.unsetLink().run();
    else chain.setLink({ href: href.trim() }).run();
    onDone();
  };
  return (
    <div className="rich-link">
      <label>
        {t('editor.linkUrl')}
        <input ref={inputRef} type="url" value={href} aria-invalid={!valid || undefined} onChange={(e) => setHref(e.target.value)}
          onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); apply(); } }} />
      </label>
      <button type="button" className="btn" onClick={apply} disabled={!valid}>{t('editor.linkApply')}</button>
      <button type="button" className="btn" onClick={() => { editor.chain().focus().extendMarkRange('link').unsetLink().run(); onDone(); }}>{t('editor.linkRemove')}</button>
    </div>
  );
}
