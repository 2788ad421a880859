import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/**
 * The most rich text one field may hold, in UTF-16 code units of the HTML as sent. A mail body written
 * in an editor stays far below it; the bound keeps a pasted document (or an attack) from costing the
 * parser more than a few milliseconds. Request schemas should refuse longer text with `.max()`, so that
 * the 400 names the field; `sanitizeRichText` refuses it too, as a last guard.
 */
export const RICH_TEXT_MAX_LENGTH = 50_000;

/** What a rich-text field may keep: the editor's formatting and nothing that runs, loads or styles. */
const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'blockquote',
];

/**
 * Elements dropped with everything inside them (sanitize-html keeps the text of other refused elements):
 * their content is code, markup of another language or hidden text, never the author's prose.
 */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'template',
  'svg',
  'math',
  'title',
  'head',
  'xmp',
  'noembed',
  'noframes',
  'plaintext',
  'select',
  'button',
];

const LINK_REL = 'noopener noreferrer';

/**
 * A link target we keep: http, https or mailto, after the trimming browsers do. sanitize-html checks the
 * scheme again afterwards; this first check lets a refused link become plain text instead of an `<a>`
 * without a target.
 */
const KEPT_HREF = /^(?:https?:\/\/|mailto:)/i;

const options: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  // Only a link's target; no class, style, id or on* handler on any element.
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  // `//host/path` would take the scheme of whatever page shows it; a mail has none.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  allowedStyles: {},
  allowVulnerableTags: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true },
  transformTags: {
    // The author's rel (or target) is never kept: every link opens without handing over the opener.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      // A refused link (javascript:, data:, relative, protocol-relative) loses its attributes here and
      // its tags in `exclusiveFilter`. (Renaming it to a refused element instead would hit a
      // sanitize-html bug: the next closing tag at that depth is written under the new name.)
      if (!KEPT_HREF.test(href)) return { tagName: 'a', attribs: {} };
      return { tagName: 'a', attribs: { href, rel: LINK_REL } };
    },
    b: 'strong',
    i: 'em',
    // Editors differ on heading levels: the mail's title levels are two and three.
    h1: 'h2',
    h4: 'h3',
    h5: 'h3',
    h6: 'h3',
  },
  // `excludeTag` drops the element's tags and keeps its content: a link left without a target is text.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
};

/** Thrown for rich text longer than {@link RICH_TEXT_MAX_LENGTH}; schemas should have refused it first. */
export class RichTextTooLongError extends RangeError {
  constructor(length: number) {
    super(`rich text of ${length} characters exceeds ${RICH_TEXT_MAX_LENGTH}`);
    this.name = 'RichTextTooLongError';
  }
}

/**
 * HTML from a rich-text editor as it may be stored and sent: the allow-listed elements (p, br, strong,
 * em, u, s, ul, ol, li, a, h2, h3, blockquote; b and i become strong and em), links only to http, https
 * and mailto with `rel="noopener noreferrer"`, no attribute otherwise; scripts, styles, comments, event
 * handlers and every other element are removed (the text of a removed formatting element is kept, the
 * content of a removed script-like element is not). Text is re-escaped, so the answer is well-formed.
 */
export function sanitizeRichText(html: string): string {
  if (html.length > RICH_TEXT_MAX_LENGTH) throw new RichTextTooLongError(html.length);
  return sanitizeHtml(html, options).trim();
}

/** Whether rich text shows nothing once sanitized (`<p><br></p>` from an emptied editor, spaces). */
export function isRichTextEmpty(html: string): boolean {
  return richTextToPlainText(html).trim() === '';
}

/**
 * The plain-text rendering of rich text, for a mail's text part: paragraphs separated by a blank line,
 * list items as `- item` (ordered ones numbered), a link as `text [url]`, a quote prefixed by `> `.
 * The input is sanitized first, so nothing refused by {@link sanitizeRichText} reaches the text.
 */
export function richTextToPlainText(html: string): string {
  return convert(sanitizeRichText(html), {
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true, linkBrackets: ['[', ']'] } },
      { selector: 'h2', options: { uppercase: false } },
      { selector: 'h3', options: { uppercase: false } },
      { selector: 'ul', options: { itemPrefix: '- ' } },
    ],
  }).trim();
}
