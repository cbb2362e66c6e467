/**
 * A drawer button's summary where the header has room for a few characters: `mark` on screen
 * ("2", "2 ✗"), `words` for screen readers ("2 secrets", "2 invalid"); the tooltip says it all.
 */
export function ShortSummary({ mark, words }: { mark: string; words: string }) {
  return (
    <>
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{words}</span>
    </>
  );
}
