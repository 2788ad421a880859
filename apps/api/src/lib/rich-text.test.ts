import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isRichTextEmpty,
  RICH_TEXT_MAX_LENGTH,
  RichTextTooLongError,
  richTextToPlainText,
  sanitizeRichText,
} from './rich-text.ts';

const ALLOWED = new Set([
  'p',
  'br',
  'strong',
  'em',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'h2',
  'h3',
  'blockquote',
]);

/** Every tag and attribute in sanitized HTML, read back with a tokenizer independent of the sanitizer. */
function markupOf(html: string) {
  const tags = [...html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)].map((match) => ({
    name: (match[1] as string).toLowerCase(),
    attributes: [...(match[2] as string).matchAll(/([^\s=/]+)\s*=\s*"([^"]*)"/g)].map((attribute) => ({
      name: attribute[1] as string,
      value: attribute[2] as string,
    })),
  }));
  return tags;
}

/** The markup of sanitized HTML, its text left out: where anything that runs or loads would be. */
function tagsOf(html: string): string {
  return (html.match(/<[^>]*>/g) ?? []).join(' ');
}

/** The properties every sanitized output must have, whatever came in. */
function expectSafe(output: string) {
  for (const tag of markupOf(output)) {
    expect(ALLOWED.has(tag.name), `tag <${tag.name}> in ${output}`).toBe(true);
    for (const attribute of tag.attributes) {
      expect(tag.name).toBe('a');
      expect(['href', 'rel']).toContain(attribute.name);
      if (attribute.name === 'href') expect(attribute.value).toMatch(/^(https?:\/\/|mailto:)/i);
      if (attribute.name === 'rel') expect(attribute.value).toBe('noopener noreferrer');
    }
  }
  // No markup hides outside the tags read above: a `<` not starting an allowed tag is escaped.
  expect(output.replace(/<\/?[a-z0-9]+(?:\s[^>]*)?\s*\/?>/g, '')).not.toMatch(/[<>]/);
  expect(output).not.toContain('<!--');
  expect(tagsOf(output)).not.toMatch(/javascript:|vbscript:|data:|\son\w+\s*=|style\s*=/i);
  // Sanitizing twice changes nothing: the output is already in its stored form.
  expect(sanitizeRichText(output)).toBe(output);
}

// Classic payloads (OWASP's filter evasion cheat sheet and friends).
const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src=x onerror=alert(1)>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<embed src="javascript:alert(1)">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">click</a>',
  '<a href="jav&#x09;ascript:alert(1)">click</a>',
  '<a href=" javascript:alert(1)">click</a>',
  '<a href="vbscript:msgbox(1)">click</a>',
  '<a href="data:text/html,<script>alert(1)</script>">click</a>',
  '<a href="//evil.example/">click</a>',
  '<a href="https://ok.example/" onclick="alert(1)" style="color:red" target="_blank" rel="opener">ok</a>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<div style="width: expression(alert(1))">x</div>',
  '<style>@import "http://evil.example/x.css";</style>',
  '<link rel="stylesheet" href="http://evil.example/x.css">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="http://evil.example/">',
  '<form action="javascript:alert(1)"><input type="submit"></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<details open ontoggle=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '"><script>alert(1)</script>',
  "'><img src=x onerror=alert(1)>",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<textarea><script>alert(1)</script></textarea>',
  '<template><script>alert(1)</script></template>',
  '<xmp><script>alert(1)</script></xmp>',
  '<strong onmouseover="alert(1)">bold</strong>',
  '<a href="https://ok.example/"><img src=x onerror=alert(1)>ok</a>',
  '<p><a href="mailto:team@example.com" onclick=alert(1)>mail</a></p>',
  '<ul><li onclick=alert(1)>one</li></ul>',
  '<h1 class="x" id="y">title</h1>',
];

describe('sanitizeRichText', () => {
  it.each(XSS_PAYLOADS)('leaves nothing that runs of %s', (payload) => {
    const output = sanitizeRichText(payload);
    expectSafe(output);
    // What the payload meant to run or load may survive as visible text, never as markup.
    expect(tagsOf(output)).not.toMatch(/alert|xss\.example|evil\.example/i);
  });

  it('keeps the editor formatting as it is', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><p>Hello <strong>bold</strong> <em>it</em> <u>under</u> <s>struck</s><br />next</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote>quoted</blockquote>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('writes b and i as strong and em, and h1 and h4-h6 as the two title levels', () => {
    expect(sanitizeRichText('<b>a</b><i>b</i><h1>c</h1><h4>d</h4><h6>e</h6>')).toBe(
      '<strong>a</strong><em>b</em><h2>c</h2><h3>d</h3><h3>e</h3>',
    );
  });

  it('keeps http, https and mailto links, with rel noopener, and makes the others text', () => {
    expect(
      sanitizeRichText('<a href="https://scentia.example/x?a=1&b=2" rel="opener" target="_top">x</a>'),
    ).toBe('<a href="https://scentia.example/x?a=1&amp;b=2" rel="noopener noreferrer">x</a>');
    expect(sanitizeRichText('<a href="  http://scentia.example/">y</a>')).toBe(
      '<a href="http://scentia.example/" rel="noopener noreferrer">y</a>',
    );
    expect(sanitizeRichText('<a href="MAILTO:ops@scentia.example">z</a>')).toBe(
      '<a href="MAILTO:ops@scentia.example" rel="noopener noreferrer">z</a>',
    );
    // Refused targets lose the link, not the words; the next link still closes as a link.
    expect(
      sanitizeRichText(
        '<a href="javascript:x()">a</a> <a>b</a> <a href="/relative">c</a> <a href="https://ok.example/">d</a>',
      ),
    ).toBe('a b c <a href="https://ok.example/" rel="noopener noreferrer">d</a>');
  });

  it('removes comments and attributes, keeps the text of refused formatting, drops script-like content', () => {
    expect(sanitizeRichText('<!-- note --><p class="c" style="color:red" title="t">kept</p>')).toBe(
      '<p>kept</p>',
    );
    expect(sanitizeRichText('<div><span>inner</span></div><font color=red>font</font>')).toBe('innerfont');
    expect(sanitizeRichText('<p>a<script>b</script><style>c</style><iframe>d</iframe>e</p>')).toBe(
      '<p>ae</p>',
    );
  });

  it('escapes text so that it cannot become markup', () => {
    expect(sanitizeRichText('1 < 2 & 3 > 2 "quoted"')).toBe('1 &lt; 2 &amp; 3 &gt; 2 "quoted"');
    expect(sanitizeRichText('&lt;script&gt;alert(1)&lt;/script&gt;')).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt;',
    );
  });

  it('refuses more than the bound, and takes exactly the bound', () => {
    const atBound = `<p>${'a'.repeat(RICH_TEXT_MAX_LENGTH - 7)}</p>`;
    expect(atBound).toHaveLength(RICH_TEXT_MAX_LENGTH);
    expect(sanitizeRichText(atBound)).toBe(atBound);
    expect(() => sanitizeRichText(`${atBound} `)).toThrow(RichTextTooLongError);
  });

  it('survives deep nesting and unclosed tags', () => {
    const deep = `${'<blockquote>'.repeat(1_500)}x`;
    const output = sanitizeRichText(deep);
    expectSafe(output);
    expect(output).toContain('x');
    expectSafe(sanitizeRichText('<p><strong>open <em>never closed'));
  });

  it('answers safe, stable HTML for any tag soup', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '/',
      '"',
      "'",
      '=',
      ' ',
      '&',
      '#',
      ';',
      '<!--',
      '-->',
      'a',
      'p',
      'script',
      'img',
      'svg',
      'style',
      'href',
      'src',
      'onerror',
      'javascript:',
      'https://ok.example/',
      'alert(1)',
      'strong',
      'li',
      'ul',
      'x',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 60 }), (parts) => {
        expectSafe(sanitizeRichText(parts.join('')));
      }),
      { numRuns: 400 },
    );
  });
});

describe('richTextToPlainText', () => {
  it('renders paragraphs, lists, links and quotes as readable text', () => {
    const html =
      '<h2>Changes needed</h2><p>Hello <strong>team</strong>,<br />please fix:</p>' +
      '<ul><li>the dates</li><li>the <a href="https://scentia.example/i/1">locations</a></li></ul>' +
      '<ol><li>first</li><li>second</li></ol><blockquote>as agreed</blockquote>';
    const text = richTextToPlainText(html);
    expect(text).toContain('Changes needed');
    expect(text).toContain('Hello team,\nplease fix:');
    expect(text).toContain('- the dates\n- the locations [https://scentia.example/i/1]');
    expect(text).toMatch(/1\. first\n\s*2\. second/);
    expect(text).toContain('> as agreed');
    expect(text).not.toMatch(/<|>\s*$/m);
  });

  it('says nothing of what the sanitizer removes, and decodes entities', () => {
    expect(
      richTextToPlainText('<p>a &amp; b</p><script>alert(1)</script><a href="javascript:x()">link</a>'),
    ).toBe('a & b\n\nlink');
  });

  it('tells an emptied editor from a written one', () => {
    expect(isRichTextEmpty('<p><br></p>')).toBe(true);
    expect(isRichTextEmpty('  <p> </p><script>x</script>')).toBe(true);
    expect(isRichTextEmpty('<p>x</p>')).toBe(false);
  });
});
