import DOMPurify from 'dompurify';

/**
 * Formatted content from the server (help articles) is sanitised there, and again here before it
 * reaches the page (DESIGN.md: DOMPurify for any server-provided formatted content). Links open in a
 * new tab without handing it this page.
 */
export function sanitizeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
  const template = document.createElement('template');
  template.innerHTML = clean;
  for (const link of template.content.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  return template.innerHTML;
}
