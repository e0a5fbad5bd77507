import type { Editor } from "@tiptap/react";
import { useEditorState } from "@tiptap/react";
import {
  BoldIcon,
  ItalicIcon,
  ListIcon,
  ListOrderedIcon,
  type LucideIcon,
  UnderlineIcon,
} from "lucide-react";
import { Toolbar as ToolbarPrimitive } from "radix-ui";

import { cn } from "@/lib/utils";

interface Tool {
  name: string;
  shortcut: string;
  icon: LucideIcon;
  isActive: (editor: Editor) => boolean;
  run: (editor: Editor) => void;
}

/** The spec's toolbar: bold, italic, underline, bullet list, numbered list. */
const tools: Tool[] = [
  {
    name: "Bold",
    shortcut: "Control+B",
    icon: BoldIcon,
    isActive: (e) => e.isActive("bold"),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    name: "Italic",
    shortcut: "Control+I",
    icon: ItalicIcon,
    isActive: (e) => e.isActive("italic"),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    name: "Underline",
    shortcut: "Control+U",
    icon: UnderlineIcon,
    isActive: (e) => e.isActive("underline"),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    name: "Bullet list",
    shortcut: "Control+Shift+8",
    icon: ListIcon,
    isActive: (e) => e.isActive("bulletList"),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    name: "Numbered list",
    shortcut: "Control+Shift+7",
    icon: ListOrderedIcon,
    isActive: (e) => e.isActive("orderedList"),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
];

/** One tab stop; arrow keys move between the buttons; each says whether it is on (aria-pressed). */
export function EditorToolbar({ editor, disabled }: { editor: Editor; disabled?: boolean }) {
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => tools.map((tool) => tool.isActive(e)),
  });
  return (
    <ToolbarPrimitive.Root
      aria-label="Formatting"
      className="bg-muted/40 flex flex-wrap items-center gap-1 border-b p-1"
    >
      {tools.map((tool, i) => {
        const Icon = tool.icon;
        const on = active[i] ?? false;
        return (
          <ToolbarPrimitive.Button
            key={tool.name}
            type="button"
            aria-label={tool.name}
            aria-pressed={on}
            aria-keyshortcuts={tool.shortcut}
            title={tool.name}
            disabled={disabled}
            // A click keeps the editor's focus and selection, so the next key typed lands in the
            // text (not on the button) even before the editor's own focus() comes round.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => tool.run(editor)}
            className={cn(
              "text-muted-foreground hover:bg-accent hover:text-accent-foreground inline-flex size-8 items-center justify-center rounded-md transition-colors outline-none",
              "focus-visible:ring-ring/50 focus-visible:ring-[3px] disabled:pointer-events-none disabled:opacity-50",
              on && "bg-accent text-accent-foreground",
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
          </ToolbarPrimitive.Button>
        );
      })}
    </ToolbarPrimitive.Root>
  );
}
