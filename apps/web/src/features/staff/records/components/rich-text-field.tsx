import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useRef } from 'react';

export interface RichTextFieldProps {
  label: string;
  description?: string;
  /** Controlled: the HTML shown (a change from outside replaces the text). */
  value?: string;
  /** Uncontrolled (a Mantine form in uncontrolled mode, which remounts the field to reset it). */
  defaultValue?: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
}

/** Made once: the editor is configured when it is created, not again on each render of the form. */
const EXTENSIONS = [
  StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] }, code: false, codeBlock: false }),
  Link.configure({ openOnClick: false }),
];

/** An empty editor's HTML is `<p></p>`: sent as an empty bio, not as a paragraph of nothing. */
const htmlOf = (html: string) => (html === '<p></p>' ? '' : html);

/**
 * Rich text typed as a person types it (Mantine's TipTap editor: bold, italics, underline, strike,
 * headings, lists, quote, links), handed on as HTML. The server still cleans it (platform/rich-text.ts
 * keeps the same small set), so what the toolbar offers is what survives a save. Loaded with the
 * record editor only (React.lazy), never with the Records table.
 */
export function RichTextField({
  label,
  description,
  value,
  defaultValue,
  onChange,
  error,
}: RichTextFieldProps) {
  const id = useId();
  const changed = useRef(onChange);
  changed.current = onChange;
  const editor = useEditor(
    {
      immediatelyRender: false,
      shouldRerenderOnTransaction: true,
      extensions: EXTENSIONS,
      content: value ?? defaultValue ?? '',
      editorProps: { attributes: { id, 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
      onUpdate: ({ editor: current }) => changed.current(htmlOf(current.getHTML())),
    },
    // Created once per mount: the form's re-renders (each keystroke elsewhere) leave it alone.
    [],
  );
  // A controlled value set from outside replaces the text; typing does not loop.
  useEffect(() => {
    if (editor && value !== undefined && htmlOf(editor.getHTML()) !== value)
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);
  return (
    <Input.Wrapper label={label} description={description} error={error} labelProps={{ htmlFor: id }}>
      <RichTextEditor editor={editor} mt={4}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={120} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
