/** The one form for adding and editing a URL, in a modal. Enter submits; the modal closes on success. */
import { useState, type FormEvent } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import type { ShortUrl } from '../../../../../shared/links';
import { areTagsValid, detailsBodyOf, detailsDraftOf, parseTags } from '../link-details';
import { cardBodyOf, cardDraftOf } from '../link-card-form';
import { draftOf, hasOptions, optionsBodyOf, type OptionsBody, type OptionsDraft } from '../link-form';
import { messages } from '../messages';
import type { AliasTaken, AliasTakenHandler } from '../useShortLinks';
import { LinkDetailsFields } from './LinkDetailsFields';
import { LinkOptionsFields } from './LinkOptionsFields';
import { TargetingFields } from '../targeting/TargetingFields';
import { areRuleSplitsComplete, targetingBodyOf, targetingDraftOf } from '../targeting/targeting-form';
import { UtmFields } from './UtmFields';
import { SocialCardFields } from './SocialCardFields';
import { LinkRoutingFields } from './LinkRoutingFields';
import { hasRouting, routingBodyOf, routingDraftOf } from '../link-routing-form';
import { SplitFields } from '../splits/SplitFields';
import { isSplitComplete, splitBodyOf, splitDraftOf } from '../splits/split-form';

export type UrlFormMode = 'add' | 'edit';

/**
 * Saves the URL with its options; resolves true when saved. A taken alias calls `onAliasTaken`
 * (and nothing else reports it: the form shows it beside the alias).
 */
export type UrlFormSubmit = (
  url: string,
  options: OptionsBody,
  onAliasTaken: AliasTakenHandler,
) => Promise<boolean>;

interface UrlFormModalProps {
  show: boolean;
  mode: UrlFormMode;
  /** The link being edited; null when adding. */
  initial: ShortUrl | null;
  isBusy: boolean;
  onSubmit: UrlFormSubmit;
  onHide: () => void;
}

export function UrlFormModal({ show, mode, initial, isBusy, onSubmit, onHide }: UrlFormModalProps) {
  const title = mode === 'add' ? messages.addUrl : messages.editUrl;
  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="url-form-title">
      <Modal.Header closeButton>
        <Modal.Title id="url-form-title">{title}</Modal.Title>
      </Modal.Header>
      {/* The modal unmounts its body when hidden, so each opening starts from `initial`. */}
      <UrlForm
        initial={mode === 'edit' ? initial : null}
        submitLabel={mode === 'add' ? messages.addUrl : messages.save}
        isBusy={isBusy}
        onSubmit={onSubmit}
        onHide={onHide}
      />
    </Modal>
  );
}

interface UrlFormProps {
  initial: ShortUrl | null;
  submitLabel: string;
  isBusy: boolean;
  onSubmit: UrlFormSubmit;
  onHide: () => void;
}

function UrlForm({ initial, submitLabel, isBusy, onSubmit, onHide }: UrlFormProps) {
  const [value, setValue] = useState(initial?.url ?? '');
  const [draft, setDraft] = useState(() => draftOf(initial));
  const [cardDraft, setCardDraft] = useState(() => cardDraftOf(initial));
  const [aliasTaken, setAliasTaken] = useState<AliasTaken | null>(null);
  const [targeting, setTargeting] = useState(() => targetingDraftOf(initial));
  const [details, setDetails] = useState(() => detailsDraftOf(initial));
  const [routing, setRouting] = useState(() => routingDraftOf(initial));
  const [split, setSplit] = useState(() => splitDraftOf(initial));
  const parsedTags = parseTags(details.tags);
  const isEmpty = value.trim() === '';
  const canSubmit =
    !isEmpty &&
    !isBusy &&
    areTagsValid(parsedTags) &&
    isSplitComplete(split) &&
    areRuleSplitsComplete(targeting);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setAliasTaken(null);
    const body = {
      ...optionsBodyOf(draft, initial),
      ...targetingBodyOf(targeting, initial),
      ...detailsBodyOf(details, initial),
      ...cardBodyOf(cardDraft, initial),
      ...routingBodyOf(routing, initial),
      ...splitBodyOf(split, initial),
    };
    if (await onSubmit(value, body, setAliasTaken)) onHide();
  }

  function handleOptionsChange(next: OptionsDraft) {
    // The refusal was about the alias as it was sent; another one has not been refused.
    if (next.alias !== draft.alias) setAliasTaken(null);
    setDraft(next);
  }

  return (
    <Form noValidate onSubmit={(event) => void handleSubmit(event)}>
      <Modal.Body>
        <Form.Group controlId="url-form-input">
          <Form.Label>{messages.formLabel}</Form.Label>
          <Form.Control
            type="url"
            value={value}
            placeholder={messages.formPlaceholder}
            onChange={(event) => setValue(event.target.value)}
            autoFocus
            autoComplete="off"
          />
        </Form.Group>
        <UtmFields url={value} onUrlChange={setValue} />
        <LinkDetailsFields draft={details} parsed={parsedTags} onChange={setDetails} />
        <LinkOptionsFields
          draft={draft}
          isEdit={initial !== null}
          hasPassword={initial?.hasPassword ?? false}
          initiallyOpen={hasOptions(initial)}
          aliasTaken={aliasTaken}
          onChange={handleOptionsChange}
        />
        <LinkRoutingFields draft={routing} initiallyOpen={hasRouting(initial)} onChange={setRouting} />
        <TargetingFields draft={targeting} onChange={setTargeting} />
        <SplitFields draft={split} onChange={setSplit} />
        <SocialCardFields
          draft={cardDraft}
          destination={value}
          initiallyOpen={Boolean(initial?.card)}
          onChange={setCardDraft}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {messages.cancel}
        </Button>
        <Button type="submit" variant="primary" disabled={!canSubmit}>
          {isBusy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
      </Modal.Footer>
    </Form>
  );
}
