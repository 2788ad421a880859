// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkdownText, parseMarkdown } from './markdown-text.tsx';

describe('the identity text’s Markdown', () => {
  it('reads headings, paragraphs over several lines and lists', () => {
    expect(
      parseMarkdown(
        '# Scentia\n\nThe logo joins a drop\nto a circle.\n\n## Files\n\n- `a.svg`: full\n  logo\n- b.png\nAfter.',
      ),
    ).toEqual([
      { kind: 'heading', level: 1, text: 'Scentia' },
      { kind: 'paragraph', text: 'The logo joins a drop to a circle.' },
      { kind: 'heading', level: 2, text: 'Files' },
      { kind: 'list', items: ['`a.svg`: full logo', 'b.png'] },
      { kind: 'paragraph', text: 'After.' },
    ]);
  });

  it('shows markup in the text as text, never as HTML, and headings below the section’s', () => {
    const { container } = render(
      <MarkdownText source={'# Title\n\n<img src=x onerror=alert(1)> **bold** `code`'} headingLevel={3} />,
    );
    expect(container.querySelector('h3')?.textContent).toBe('Title');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('p')?.textContent).toBe('<img src=x onerror=alert(1)> bold code');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('code')?.textContent).toBe('code');
  });
});
