/** The texts of tags, notes, the tag filter and the UTM builder, beside messages.ts. */
import { MAX_NOTE_LENGTH, MAX_TAG_LENGTH, MAX_TAGS } from '../../../../shared/link-tags';
import type { UtmField } from './utm';

export const tagMessages = {
  tagsLabel: 'Tags',
  tagsHelp: `Separate tags with commas, e.g. launch, newsletter. Up to ${MAX_TAGS}; stored in lower case.`,
  tagsInvalid: (pieces: string[]) =>
    `Not a tag (1 to ${MAX_TAG_LENGTH} characters): ${pieces.map((piece) => `“${piece}”`).join(', ')}`,
  tooManyTags: `A link can have at most ${MAX_TAGS} tags.`,
  tagsPreview: 'Tags of this link',
  noteLabel: 'Note',
  noteHelp: (used: number) => `Only you see it. ${used} of ${MAX_NOTE_LENGTH} characters.`,
  tags: 'Tags',
  note: 'Note',
  notesTitle: 'Tags and note',
  noTags: 'No tags',
  filterLabel: 'Filter by tag',
  allLinks: 'All',
  tagFilterButton: (tag: string, links: number) => `${tag} (${links})`,
  tagSummaryTitle: (tag: string) => `Tag “${tag}”`,
  links: 'Links',
  totalClicks: 'Total clicks',
  uniqueVisitors: 'Unique visitors',
  loadingTag: 'Loading the tag’s numbers…',
  tagFailed: 'Failed to fetch the tag’s numbers',
  utmTitle: 'Campaign (UTM) parameters',
  utmHide: 'Hide campaign parameters',
  utmHelp: 'Written into the long URL’s query as you type; the long URL above is what will be stored.',
  utmNeedsUrl: 'Enter the long URL first.',
} as const;

export const UTM_LABELS: Record<UtmField, string> = {
  utm_source: 'Source (utm_source)',
  utm_medium: 'Medium (utm_medium)',
  utm_campaign: 'Campaign (utm_campaign)',
  utm_term: 'Term (utm_term)',
  utm_content: 'Content (utm_content)',
};

export const UTM_PLACEHOLDERS: Record<UtmField, string> = {
  utm_source: 'newsletter',
  utm_medium: 'email',
  utm_campaign: 'spring-launch',
  utm_term: 'running shoes',
  utm_content: 'header-link',
};
