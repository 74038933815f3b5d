/** Escaping text for HTML and XML documents we write by hand (pages' head, sitemap.xml). */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * `text` safe as element content or a quoted attribute value in HTML and XML (OWASP XSS
 * prevention, rules 1 and 2): `& < > " '` become character references.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
