import sanitizeHtml from 'sanitize-html';

/**
 * The safe HTML subset of formatted content (notices, promotions, help articles): text structure,
 * emphasis, lists, simple tables, links and pictures. No scripts, styles, frames, forms, event
 * handlers or inline styles; links only to http(s), mailto and tel or to paths of this site; pictures
 * only over https or from this site. The web sanitises again with DOMPurify before rendering.
 */
const formattedContentOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h3',
    'h4',
    'h5',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'span',
    'blockquote',
    'ul',
    'ol',
    'li',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Tags outside the subset go, their text stays; script and style go with their text.
  disallowedTagsMode: 'discard',
  // A picture whose address was refused would only show as broken.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  transformTags: {
    // A link that opens elsewhere must not hand the opener to the page it opens.
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        ...(attribs.target ? { target: '_blank' } : {}),
        rel: 'noopener noreferrer nofollow',
      },
    }),
  },
};

/** Formatted content reduced to the safe subset. Idempotent: sanitising twice changes nothing. */
export function sanitizeFormatted(html: string): string {
  return sanitizeHtml(html, formattedContentOptions).trim();
}

/**
 * Titles and labels are plain text the web renders as text; markup in them is never meant, so tags
 * are dropped rather than escaped (escaping would show "&amp;" in a title).
 */
export function plainText(text: string): string {
  return (
    text
      .replace(/<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi, '')
      // Anything that opens a tag goes; a lone "<" as in "5 < 10" stays.
      .replace(/<[/!?a-zA-Z][^>]*>?/g, '')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * A link or picture address a page may use: a path of this site ("/art/x.svg", not "//host") or an
 * absolute http(s) address (and mailto/tel when `allowContact`). Anything else (javascript:, data:,
 * odd whitespace) answers null.
 */
export function safeUrl(url: string, { allowContact = false } = {}): string | null {
  const value = url.trim();
  // Control characters and backslashes are how scheme filters are usually slipped past.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
  if (!value || /[\u0000-\u001f\u007f\\\s]/.test(value)) return null;
  if (value.startsWith('/')) return value.startsWith('//') ? null : value;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return null;
  }
  const schemes = allowContact ? ['https:', 'http:', 'mailto:', 'tel:'] : ['https:', 'http:'];
  return schemes.includes(parsed.protocol) ? value : null;
}

/** A site path for ROUTE links: starts with one '/', no scheme, no host. */
export function safeRoute(route: string): string | null {
  const value = safeUrl(route);
  return value?.startsWith('/') ? value : null;
}
