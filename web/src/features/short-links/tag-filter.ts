/** The tag filter above the URL list as pure functions over the loaded links. */
import { byCodeUnits, type TagCount } from '../../../../shared/link-tags';
import type { ShortUrl } from '../../../../shared/links';

/** Every tag of the links with how many carry it, in the order the server lists tags. */
export function tagCountsOf(urls: readonly ShortUrl[]): TagCount[] {
  const counts = new Map<string, number>();
  for (const url of urls) for (const tag of url.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].map(([tag, links]) => ({ tag, links })).sort((a, b) => byCodeUnits(a.tag, b.tag));
}

/** The links carrying `tag`, all of them for null. */
export function linksWithTag(urls: readonly ShortUrl[], tag: string | null): ShortUrl[] {
  return tag === null ? [...urls] : urls.filter((url) => url.tags.includes(tag));
}

/** People's clicks of the links carrying `tag`: when it changes, the tag's numbers are read again. */
export function clicksWithTag(urls: readonly ShortUrl[], tag: string): number {
  return linksWithTag(urls, tag).reduce((sum, url) => sum + url.clicks, 0);
}
