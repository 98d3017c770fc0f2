const ENTITIES: Readonly<Record<string, string>> = Object.freeze({
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
});

/**
 * Text made safe for HTML element content and quoted attribute values: & < > " ' become entities,
 * so user-supplied text (task ids, scenario names, file names) always shows as text.
 * Example: escapeHtml('<img src=x onerror=alert(1)>') = '&lt;img src=x onerror=alert(1)&gt;'.
 */
export function escapeHtml(text: string): string {
  return String(text).replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}
