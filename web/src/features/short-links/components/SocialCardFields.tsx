/** The collapsible "Social card" part of the Add and Edit URL forms, with a preview of the card. */
import { useState } from 'react';
import { Form } from 'react-bootstrap';
import { FormSection } from './FormSection';
import {
  CARD_DESCRIPTION_MAX_LENGTH,
  CARD_IMAGE_MAX_LENGTH,
  CARD_TITLE_MAX_LENGTH,
} from '../../../../../shared/link-card';
import { cardOfDraft, type CardDraft } from '../link-card-form';
import { messages } from '../messages';
import { SocialCardPreview } from './SocialCardPreview';

interface SocialCardFieldsProps {
  draft: CardDraft;
  /** The destination typed above, for the preview. */
  destination: string;
  /** Open from the start (e.g. editing a link that has a card). */
  initiallyOpen: boolean;
  onChange: (draft: CardDraft) => void;
}

export function SocialCardFields({ draft, destination, initiallyOpen, onChange }: SocialCardFieldsProps) {
  const [isOpen, setIsOpen] = useState(initiallyOpen);
  const set = (change: Partial<CardDraft>) => onChange({ ...draft, ...change });
  const card = cardOfDraft(draft);

  return (
    <FormSection
      title={messages.socialCard}
      isOpen={isOpen}
      onToggle={() => setIsOpen((open) => !open)}
      className="mt-2"
    >
      <div className="d-flex flex-column gap-3 pt-3">
        <Form.Text className="mt-0">{messages.socialCardHelp}</Form.Text>
        <Form.Group controlId="url-form-card-title">
          <Form.Label>{messages.cardTitleLabel}</Form.Label>
          <Form.Control
            value={draft.title}
            maxLength={CARD_TITLE_MAX_LENGTH}
            autoComplete="off"
            onChange={(event) => set({ title: event.target.value })}
          />
          <Form.Text>{messages.charactersLeft(CARD_TITLE_MAX_LENGTH - draft.title.length)}</Form.Text>
        </Form.Group>
        <Form.Group controlId="url-form-card-description">
          <Form.Label>{messages.cardDescriptionLabel}</Form.Label>
          <Form.Control
            as="textarea"
            rows={2}
            value={draft.description}
            maxLength={CARD_DESCRIPTION_MAX_LENGTH}
            onChange={(event) => set({ description: event.target.value })}
          />
          <Form.Text>
            {messages.charactersLeft(CARD_DESCRIPTION_MAX_LENGTH - draft.description.length)}
          </Form.Text>
        </Form.Group>
        <Form.Group controlId="url-form-card-image">
          <Form.Label>{messages.cardImageLabel}</Form.Label>
          <Form.Control
            type="url"
            value={draft.image}
            maxLength={CARD_IMAGE_MAX_LENGTH}
            placeholder="https://example.com/picture.png"
            autoComplete="off"
            onChange={(event) => set({ image: event.target.value })}
          />
          <Form.Text>{messages.cardImageHelp}</Form.Text>
        </Form.Group>
        {card && (
          <div>
            <div className="form-label mb-1">{messages.cardPreview}</div>
            <SocialCardPreview card={card} destination={destination.trim()} />
          </div>
        )}
      </div>
    </FormSection>
  );
}
