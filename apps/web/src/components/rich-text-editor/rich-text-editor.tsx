import { EditorContent, useEditor } from "@tiptap/react";
import { type Ref, useEffect, useImperativeHandle, useRef } from "react";
import { EditorToolbar } from "@/components/rich-text-editor/editor-toolbar";
import { CHANGE_DEBOUNCE_MS, emailBodyExtensions } from "@/components/rich-text-editor/extensions";
import { useDebouncedCallback } from "@/hooks/use-debounced-callback";
import { cn } from "@/lib/utils";

/** What a form may ask of the editor: its HTML now, and text typed in at the cursor. */
export interface RichTextEditorHandle {
  /** The body as HTML, including edits not reported yet. */
  getHTML(): string;
  /** Puts `text` where the cursor was last (or at the end) and focuses the editor. */
  insertText(text: string): void;
}

interface RichTextEditorProps {
  /** The id of the element that names the editor (its label). */
  labelledBy: string;
  describedBy?: string;
  /** The HTML the editor starts with; later changes of this prop are ignored (remount to reset). */
  initialHtml: string;
  /** The body's HTML, 300 ms after the last edit. */
  onChange?: (html: string) => void;
  /** The editor got the cursor. */
  onFocus?: () => void;
  disabled?: boolean;
  ref?: Ref<RichTextEditorHandle>;
  className?: string;
}

/**
 * The rich-text body of an email (Tiptap): the spec's toolbar, 250 to 500 px tall and then
 * scrolling, changes reported after 300 ms, undo history grouped by 1000 ms, safe links only.
 */
export function RichTextEditor({
  labelledBy,
  describedBy,
  initialHtml,
  onChange,
  onFocus,
  disabled,
  ref,
  className,
}: RichTextEditorProps) {
  const report = useDebouncedCallback((html: string) => onChange?.(html), CHANGE_DEBOUNCE_MS);
  const reportRef = useRef(report);
  reportRef.current = report;
  const onFocusRef = useRef(onFocus);
  onFocusRef.current = onFocus;

  const editor = useEditor({
    extensions: emailBodyExtensions,
    content: initialHtml,
    editable: !disabled,
    editorProps: {
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: "rich-text min-h-[250px] max-h-[500px] overflow-y-auto px-3 py-2 text-sm outline-none",
      },
    },
    onUpdate: ({ editor: e }) => reportRef.current(e.getHTML()),
    onFocus: () => onFocusRef.current?.(),
  });

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  useImperativeHandle(
    ref,
    () => ({
      getHTML: () => editor.getHTML(),
      insertText: (text) => {
        editor.chain().focus().insertContent(text).run();
      },
    }),
    [editor],
  );

  return (
    <div
      className={cn(
        "border-input dark:bg-input/30 overflow-hidden rounded-md border shadow-xs transition-[color,box-shadow]",
        "focus-within:border-ring focus-within:ring-ring/50 focus-within:ring-[3px]",
        disabled && "opacity-60",
        className,
      )}
    >
      <EditorToolbar editor={editor} disabled={disabled} />
      <EditorContent editor={editor} />
    </div>
  );
}
