/** Tags (one line, separated by commas, with a preview) and the note of the Add and Edit URL forms. */
import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { MAX_NOTE_LENGTH, MAX_TAGS } from '../../../../../shared/link-tags';
import type { DetailsDraft, ParsedTags } from '../link-details';
import { tagMessages } from '../tag-messages';
import { LinkTags } from './LinkTags';

interface LinkDetailsFieldsProps {
  draft: DetailsDraft;
  parsed: ParsedTags;
  onChange: (draft: DetailsDraft) => void;
}

export function LinkDetailsFields({ draft, parsed, onChange }: LinkDetailsFieldsProps) {
  const helpId = useId();
  const problemId = useId();
  const problem =
    parsed.invalid.length > 0
      ? tagMessages.tagsInvalid(parsed.invalid)
      : parsed.tags.length > MAX_TAGS
        ? tagMessages.tooManyTags
        : null;
  return (
    <div className="d-flex flex-column gap-3 mt-3">
      <Form.Group controlId="url-form-tags">
        <Form.Label>{tagMessages.tagsLabel}</Form.Label>
        <Form.Control
          value={draft.tags}
          onChange={(event) => onChange({ ...draft, tags: event.target.value })}
          placeholder="launch, newsletter"
          autoComplete="off"
          isInvalid={problem !== null}
          aria-describedby={problem ? `${problemId} ${helpId}` : helpId}
        />
        {problem && (
          <Form.Control.Feedback type="invalid" id={problemId}>
            {problem}
          </Form.Control.Feedback>
        )}
        <Form.Text id={helpId}>{tagMessages.tagsHelp}</Form.Text>
        <LinkTags tags={parsed.tags} className="mt-2" label={tagMessages.tagsPreview} />
      </Form.Group>
      <Form.Group controlId="url-form-note">
        <Form.Label>{tagMessages.noteLabel}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={draft.note}
          maxLength={MAX_NOTE_LENGTH}
          onChange={(event) => onChange({ ...draft, note: event.target.value })}
        />
        <Form.Text>{tagMessages.noteHelp(draft.note.trim().length)}</Form.Text>
      </Form.Group>
    </div>
  );
}
