import { Link } from "@tiptap/extension-link";
import { StarterKit } from "@tiptap/starter-kit";

import { allowedLinkSchemes, isAllowedHref, safeHref } from "@/lib/link-href";

/** Spec section 9: changes are reported 300 ms after the last edit; history groups edits 1000 ms apart. */
export const CHANGE_DEBOUNCE_MS = 300;
export const HISTORY_GROUP_DELAY_MS = 1000;

/**
 * Links keep only http, https, mailto, sms and tel addresses; a link with any other address is
 * kept as a link with a blank address (Tiptap's own rule would drop the link mark instead).
 */
const SafeLink = Link.extend({
  parseHTML() {
    return [{ tag: "a[href]", getAttrs: (dom) => ({ href: safeHref(dom.getAttribute("href")) }) }];
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: "https",
  protocols: allowedLinkSchemes
    .filter((scheme) => scheme !== "http" && scheme !== "https")
    .map((scheme) => ({ scheme, optionalSlashes: true })),
  isAllowedUri: (url) => isAllowedHref(url),
});

/**
 * What the body of an email may hold: paragraphs, bold, italic, underline, bullet and numbered
 * lists, line breaks and links (the toolbar's vocabulary, all inside the server's allow-list).
 */
export const emailBodyExtensions = [
  StarterKit.configure({
    blockquote: false,
    code: false,
    codeBlock: false,
    heading: false,
    horizontalRule: false,
    strike: false,
    link: false,
    undoRedo: { newGroupDelay: HISTORY_GROUP_DELAY_MS },
  }),
  SafeLink,
];
