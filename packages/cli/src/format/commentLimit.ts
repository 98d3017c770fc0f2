/** GitHub's limit on the body of an issue or pull-request comment, in characters. */
export const COMMENT_LIMIT = 65_536;

/**
 * A Markdown document kept within GitHub's comment limit (`COMMENT_LIMIT` characters, counted as
 * UTF-16 code units, which is never fewer than the characters GitHub counts): when longer, whole
 * lines are kept up to where the rest would not fit, then one line says how much was cut and where
 * the rest is. Every line of our Markdown is complete by itself (a table row, a `<sub>` line, a
 * bold line), so what is kept renders as it did. Documents within the limit are returned as they are.
 * Example: a compare document of 80 000 characters → its first lines, up to about 65 400
 * characters, then "**passk: cut here: … characters of 80 000 left out …**".
 */
export function withinCommentLimit(markdown: string): string {
  if (markdown.length <= COMMENT_LIMIT) return markdown;
  // The note's own length depends on the numbers in it: room for the longest it can be, the blank
  // line before it, and a line end after the document (gate appends one in $GITHUB_STEP_SUMMARY).
  const room = COMMENT_LIMIT - cutNote(markdown.length, markdown.length).length - 3;
  let end = room <= 0 ? -1 : markdown.lastIndexOf('\n', room);
  if (end < 0) end = 0;
  const kept = markdown.slice(0, end);
  return `${kept}${kept === '' ? '' : '\n\n'}${cutNote(markdown.length - kept.length, markdown.length)}`;
}

function cutNote(cut: number, total: number): string {
  const count = (n: number) => n.toLocaleString('en-US');
  return `**passk: cut here: the last ${count(cut)} characters of ${count(total)} left out, to stay within GitHub's limit of ${count(COMMENT_LIMIT)} characters for a comment; without --markdown passk prints all of it.**\n`;
}
