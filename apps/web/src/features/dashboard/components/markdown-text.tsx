import type { ReactNode } from 'react';

/** A block of the identity text: a heading (level 1–3), a paragraph or a bulleted list. */
export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: string[] };

/**
 * The few Markdown forms the identity text uses (headings, paragraphs, `-` or `*` lists), read into
 * blocks; any other line is text. Nothing is ever read as HTML.
 */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | undefined;
  const close = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = undefined;
  };
  for (const raw of source.replaceAll('\r\n', '\n').split('\n')) {
    const line = raw.trim();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const item = /^[-*]\s+(.*)$/.exec(line);
    if (line === '') close();
    else if (heading) {
      close();
      blocks.push({ kind: 'heading', level: heading[1]?.length as 1 | 2 | 3, text: heading[2] ?? '' });
    } else if (item) {
      if (paragraph.length > 0) close();
      list = [...(list ?? []), item[1] ?? ''];
    } else if (list && raw.startsWith(' ')) {
      // A list item's continuation line.
      list[list.length - 1] = `${list.at(-1)} ${line}`;
    } else {
      if (list) close();
      paragraph.push(line);
    }
  }
  close();
  return blocks;
}

/** `code` and **strong** inside a line, as elements; the rest as text. */
function inline(text: string): ReactNode[] {
  return text.split(/(`[^`]+`|\*\*[^*]+\*\*)/).map((part, index) => {
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    if (/^`[^`]+`$/.test(part)) return <code key={index}>{part.slice(1, -1)}</code>;
    // biome-ignore lint/suspicious/noArrayIndexKey: as above
    if (/^\*\*[^*]+\*\*$/.test(part)) return <strong key={index}>{part.slice(2, -2)}</strong>;
    return part;
  });
}

/**
 * Markdown-flavoured text shown as React elements (never as HTML, so nothing in it can run). Its
 * headings start at `headingLevel` (the section's own heading is above them).
 */
export function MarkdownText({ source, headingLevel }: { source: string; headingLevel: 3 | 4 }) {
  return (
    <div className="markdown-text">
      {parseMarkdown(source).map((block, index) => {
        const key = `${block.kind}-${index}`;
        if (block.kind === 'heading') {
          const level = Math.min(headingLevel + block.level - 1, 6);
          const Tag = `h${level}` as 'h3' | 'h4' | 'h5' | 'h6';
          return <Tag key={key}>{inline(block.text)}</Tag>;
        }
        if (block.kind === 'list') {
          return (
            <ul key={key}>
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a list read from a fixed text
                <li key={itemIndex}>{inline(item)}</li>
              ))}
            </ul>
          );
        }
        return <p key={key}>{inline(block.text)}</p>;
      })}
    </div>
  );
}
