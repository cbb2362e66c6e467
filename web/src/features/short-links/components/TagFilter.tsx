/** The tag filter above the URL list: All, then one toggle per tag with how many links carry it. */
import { Button } from 'react-bootstrap';
import type { TagCount } from '../../../../../shared/link-tags';
import { tagMessages } from '../tag-messages';

interface TagFilterProps {
  counts: TagCount[];
  /** The tag shown; null for every link. */
  selected: string | null;
  onSelect: (tag: string | null) => void;
}

export function TagFilter({ counts, selected, onSelect }: TagFilterProps) {
  if (counts.length === 0) return null;
  return (
    <div
      role="group"
      aria-label={tagMessages.filterLabel}
      className="d-flex flex-wrap align-items-center gap-1 mb-3"
    >
      <span className="small text-body-secondary me-1" aria-hidden="true">
        {tagMessages.filterLabel}
      </span>
      <Button
        size="sm"
        variant={selected === null ? 'secondary' : 'outline-secondary'}
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        {tagMessages.allLinks}
      </Button>
      {counts.map(({ tag, links }) => (
        <Button
          key={tag}
          size="sm"
          className="text-truncate"
          style={{ maxWidth: '100%' }}
          variant={selected === tag ? 'primary' : 'outline-primary'}
          aria-pressed={selected === tag}
          onClick={() => onSelect(selected === tag ? null : tag)}
        >
          {tagMessages.tagFilterButton(tag, links)}
        </Button>
      ))}
    </div>
  );
}
