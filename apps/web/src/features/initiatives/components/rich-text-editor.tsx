import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Tooltip } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import './rich-text-editor.css';

export type RichTextEditorProps = {
  /** The HTML the editor starts with. */
  initialHtml: string;
  /** The body as HTML after each change; '' when it holds no text. */
  onChange: (html: string) => void;
  /** The id of the visible label that names the editing area for screen readers. */
  labelledBy: string;
  /** The id of the text that describes the area (its error), if any. */
  describedBy?: string;
  isInvalid?: boolean;
  isDisabled?: boolean;
};

type ToolbarButton = {
  key: string;
  icon: ReactNode;
  isActive?: boolean;
  run: () => void;
  isDisabled?: boolean;
};

/**
 * The mail body's rich-text editor (TipTap on ProseMirror, loaded only where a mail is written):
 * paragraphs, bold, italic and lists, with a toolbar of labelled buttons; the usual shortcuts
 * (Ctrl+B, Ctrl+I, Ctrl+Shift+8/7, Ctrl+Z) work in the text, and Tab leaves it.
 */
export default function RichTextEditor(props: RichTextEditorProps) {
  const { t } = useTranslation('initiatives');
  const { onChange, labelledBy, describedBy, isInvalid } = props;
  // The editing area is a labelled multi-line textbox; its error is read with it.
  const attributes: Record<string, string> = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelledBy,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(isInvalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rich-text-area',
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        codeBlock: false,
        code: false,
        horizontalRule: false,
        blockquote: false,
        link: false,
      }),
    ],
    content: props.initialHtml,
    editable: !props.isDisabled,
    editorProps: { attributes },
    onUpdate: ({ editor: changed }) => onChange(changed.isEmpty ? '' : changed.getHTML()),
  });
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      isBold: current.isActive('bold'),
      isItalic: current.isActive('italic'),
      isBulletList: current.isActive('bulletList'),
      isOrderedList: current.isActive('orderedList'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  useEffect(() => {
    editor.setEditable(!props.isDisabled);
  }, [editor, props.isDisabled]);
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) } });
  }, [editor, attributesKey]);

  const chain = () => editor.chain().focus();
  const buttons: ToolbarButton[] = [
    { key: 'bold', icon: <BoldOutlined />, isActive: state.isBold, run: () => chain().toggleBold().run() },
    {
      key: 'italic',
      icon: <ItalicOutlined />,
      isActive: state.isItalic,
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'bulletList',
      icon: <UnorderedListOutlined />,
      isActive: state.isBulletList,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'orderedList',
      icon: <OrderedListOutlined />,
      isActive: state.isOrderedList,
      run: () => chain().toggleOrderedList().run(),
    },
    { key: 'undo', icon: <UndoOutlined />, isDisabled: !state.canUndo, run: () => chain().undo().run() },
    { key: 'redo', icon: <RedoOutlined />, isDisabled: !state.canRedo, run: () => chain().redo().run() },
  ];

  return (
    <div className={`rich-text${props.isInvalid ? ' is-invalid' : ''}`}>
      <div className="rich-text-toolbar" role="toolbar" aria-label={t('mail.toolbar')}>
        {buttons.map((button) => (
          <Tooltip key={button.key} title={t(`mail.format.${button.key}`)}>
            <Button
              type={button.isActive ? 'primary' : 'text'}
              size="small"
              icon={button.icon}
              aria-label={t(`mail.format.${button.key}`)}
              aria-pressed={button.isActive === undefined ? undefined : button.isActive}
              disabled={props.isDisabled || button.isDisabled}
              // A click keeps the focus in the text: otherwise the button takes it and the editor gets
              // it back only on the next frame, and what is typed in between is lost.
              onMouseDown={(event) => event.preventDefault()}
              onClick={button.run}
            />
          </Tooltip>
        ))}
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
