import { EditorContent, useEditor } from "@tiptap/react";
import { type Ref, useEffect, useImperativeHandle, useMemo, useRef } from "react";
import { EditorToolbar } from "@/components/rich-text-editor/editor-toolbar";
import { CHANGE_DEBOUNCE_MS, emailBodyExtensions } from "@/components/rich-text-editor/extensions";
import { Label } from "@/components/ui/label";
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
  /** Prefix of the label's and the hint's ids (unique on the page). */
  id: string;
  label: string;
  hint?: string;
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
 * The rich-text body of an email (Tiptap), with its label and hint: the spec's toolbar, 250 to 500 px tall and then
 * scrolling, changes reported after 300 ms, undo history grouped by 1000 ms, safe links only.
 */
export function RichTextEditor({
  id,
  label,
  hint,
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

  // Stable between renders: a new object makes useEditor reconfigure the view, which writes the
  // selection back to the page and can undo a cursor move the view has not read yet.
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(hint ? { "aria-describedby": `${id}-hint` } : {}),
        class: "rich-text min-h-[250px] max-h-[500px] overflow-y-auto px-3 py-2 text-sm outline-none",
      },
    }),
    [id, hint],
  );

  const editor = useEditor({
    extensions: emailBodyExtensions,
    content: initialHtml,
    editable: !disabled,
    editorProps,
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
    <div className={cn("grid gap-2", className)}>
      <Label asChild>
        <span id={`${id}-label`}>{label}</span>
      </Label>
      <div
        className={cn(
          "border-input dark:bg-input/30 overflow-hidden rounded-md border shadow-xs transition-[color,box-shadow]",
          "focus-within:border-ring focus-within:ring-ring/50 focus-within:ring-[3px]",
          disabled && "opacity-60",
        )}
      >
        <EditorToolbar editor={editor} disabled={disabled} />
        <EditorContent editor={editor} />
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
