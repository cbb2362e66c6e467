/**
 * One name or value of a query string as a form sends it: `+` is a space, then %-escapes are
 * decoded; a broken escape leaves the text as it came (with its spaces).
 */
export function decodeQueryPart(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
