/** Above the request list: the search box, the method chips, the hidden-by-filter note and export links. */
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { SEARCH_TEXT_MAX, type EventsFilter } from '../../../../../shared/event-search';
import { METHOD_CHIPS, type MethodChip } from './event-filter';
import { exportUrl, type ExportFormat } from './export-url';
import { searchMessages } from './messages';
import { DownloadLink } from '../../../components/DownloadLink';

const EXPORTS: { format: ExportFormat; label: string }[] = [
  { format: 'har', label: searchMessages.exportHar },
  { format: 'ndjson', label: searchMessages.exportNdjson },
];

function chipLabel(chip: MethodChip): string {
  return chip === 'OTHER' ? searchMessages.otherMethods : chip;
}

interface SearchBarProps {
  text: string;
  chips: readonly MethodChip[];
  /** The filter in force, for the export links. */
  filter: EventsFilter;
  inputRef: React.Ref<HTMLInputElement>;
  /** Live requests the filter hides; 0 while no filter is on. */
  hiddenNew: number;
  onTextChange: (text: string) => void;
  onToggle: (chip: MethodChip) => void;
  onClear: () => void;
}

export function SearchBar({
  text,
  chips,
  filter,
  inputRef,
  hiddenNew,
  onTextChange,
  onToggle,
  onClear,
}: SearchBarProps) {
  return (
    <div className="webhook-search border-bottom p-2">
      <Form.Control
        ref={inputRef}
        type="search"
        size="sm"
        value={text}
        maxLength={SEARCH_TEXT_MAX}
        placeholder={searchMessages.searchPlaceholder}
        aria-label={searchMessages.searchLabel}
        onChange={(event) => onTextChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Browsers empty a search field on Escape by themselves, but not all of them.
          event.preventDefault();
          onClear();
        }}
      />
      <div
        className="d-flex flex-wrap align-items-center gap-1 mt-2"
        role="group"
        aria-label={searchMessages.methodsLabel}
      >
        {METHOD_CHIPS.map((chip) => {
          const isOn = chips.includes(chip);
          return (
            <Button
              key={chip}
              size="sm"
              variant={isOn ? 'secondary' : 'outline-secondary'}
              className="webhook-method-chip rounded-pill py-0"
              aria-pressed={isOn}
              title={chip === 'OTHER' ? searchMessages.otherMethodsTitle : undefined}
              onClick={() => onToggle(chip)}
            >
              {chipLabel(chip)}
            </Button>
          );
        })}
        {/* Said with an arrow on screen, to leave the chips and the links one line together. */}
        <span className="ms-auto d-flex align-items-center gap-1 small">
          <span className="visually-hidden">{searchMessages.exportLabel}</span>
          {EXPORTS.map(({ format, label }) => (
            <DownloadLink
              key={format}
              className="btn btn-sm btn-outline-secondary py-0"
              href={exportUrl(format, filter)}
              title={searchMessages.exportTitle(label)}
            >
              <span aria-hidden="true">↓ </span>
              {label}
            </DownloadLink>
          ))}
        </span>
      </div>
      {hiddenNew > 0 && (
        <p className="small text-body-secondary mb-0 mt-2" role="status" data-testid="hidden-new">
          {searchMessages.hiddenNew(hiddenNew)}
        </p>
      )}
    </div>
  );
}
