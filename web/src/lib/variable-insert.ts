/**
 * Where a variable goes when it is picked from the helper: at the caret, replacing a selection, or at the end
 * when the field was never focused. Pure, so the rule is tested without a browser.
 */
export const insertToken = (
  text: string,
  token: string,
  start?: number | null,
  end?: number | null,
): { text: string; caret: number } => {
  const from = start == null ? text.length : Math.max(0, Math.min(start, text.length));
  const to = end == null ? from : Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
};
