/** A link's tags as small badges, in the list rows and the detail panel; nothing when it has none. */
import { tagMessages } from '../tag-messages';

interface LinkTagsProps {
  tags: readonly string[];
  className?: string;
  /** Names the list for screen readers, e.g. "Tags". */
  label?: string;
}

export function LinkTags({ tags, className = '', label = tagMessages.tags }: LinkTagsProps) {
  if (tags.length === 0) return null;
  return (
    <ul className={`list-unstyled d-flex flex-wrap gap-1 mb-0 ${className}`} aria-label={label}>
      {tags.map((tag) => (
        <li
          key={tag}
          className="badge rounded-pill fw-normal bg-secondary-subtle text-secondary-emphasis border border-secondary-subtle text-truncate"
          style={{ maxWidth: '100%' }}
          data-tag={tag}
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
