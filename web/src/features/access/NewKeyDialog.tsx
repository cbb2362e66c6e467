import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import Modal from 'react-bootstrap/Modal';
import { accessLinkUrl, KEY_NAME_MAX, type KeyScope, type NewApiKey } from '../../../../shared/access';
import { CopyButton } from '../../components/CopyButton';
import { apiBase } from '../../lib/http';
import { accessMessages as text } from './messages';

/** 'link': an access link for another browser; 'key': a key for scripts and CI. */
export type NewKeyKind = 'link' | 'key';

interface NewKeyDialogProps {
  kind: NewKeyKind;
  /** The inspector's webhook URL, for the command shown with a new key. */
  webhookUrl: string;
  onCreate: (name: string, scope: KeyScope) => Promise<NewApiKey | null>;
  onClose: () => void;
}

/** Names a new key, makes it, then shows it (or its access link) once, with Copy. */
export function NewKeyDialog({ kind, webhookUrl, onCreate, onClose }: NewKeyDialogProps) {
  const [name, setName] = useState(kind === 'link' ? text.defaultLinkName : '');
  const [isBusy, setIsBusy] = useState(false);
  const [isReadOnly, setIsReadOnly] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const isLink = kind === 'link';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || isBusy) return;
    setIsBusy(true);
    setCreated(await onCreate(name.trim(), isReadOnly ? 'read' : 'full'));
    setIsBusy(false);
  }

  return (
    <Modal show onHide={onClose} centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {isLink ? text.linkDialogTitle : text.keyDialogTitle}
        </Modal.Title>
      </Modal.Header>
      {created ? (
        <CreatedKey created={created} isLink={isLink} webhookUrl={webhookUrl} onClose={onClose} />
      ) : (
        <Form onSubmit={(event) => void handleSubmit(event)}>
          <Modal.Body>
            <Form.Group controlId="new-key-name">
              <Form.Label>{text.nameLabel}</Form.Label>
              <Form.Control
                value={name}
                maxLength={KEY_NAME_MAX}
                autoFocus
                onChange={(event) => setName(event.target.value)}
              />
              <Form.Text>{isLink ? text.linkNameHint : text.keyNameHint}</Form.Text>
            </Form.Group>
            {!isLink && (
              <Form.Check
                type="switch"
                role="switch"
                id="new-key-read-only"
                className="mt-3"
                label={text.readOnlySwitch}
                checked={isReadOnly}
                onChange={(event) => setIsReadOnly(event.target.checked)}
              />
            )}
          </Modal.Body>
          <Modal.Footer>
            <Button variant="secondary" onClick={onClose}>
              {text.cancel}
            </Button>
            <Button type="submit" disabled={!name.trim() || isBusy}>
              {isBusy ? text.creating : isLink ? text.createLink : text.createKey}
            </Button>
          </Modal.Footer>
        </Form>
      )}
    </Modal>
  );
}

/** The key or access link, shown this once, and how to use it. */
function CreatedKey(props: { created: NewApiKey; isLink: boolean; webhookUrl: string; onClose: () => void }) {
  const { created, isLink, webhookUrl, onClose } = props;
  const value = isLink ? accessLinkUrl(window.location.origin, created.key) : created.key;
  return (
    <>
      <Modal.Body>
        <Form.Label htmlFor="created-key">{isLink ? text.linkLabel : text.keyLabel}</Form.Label>
        <InputGroup className="mb-2">
          <Form.Control id="created-key" value={value} readOnly className="font-monospace" />
          <CopyButton
            text={value}
            label={isLink ? text.copyLink : text.copyKey}
            variant="primary"
            size={undefined}
            successMessage={isLink ? text.linkCopied : text.keyCopied}
          />
        </InputGroup>
        <p className="small text-body-secondary">{text.shownOnce}</p>
        {isLink ? (
          <p className="small mb-0">{text.linkHowTo}</p>
        ) : (
          <>
            <p className="small mb-1">{text.keyHowTo}</p>
            <pre className="small bg-body-tertiary p-2 mb-0 text-wrap text-break">
              {`curl -H "Authorization: Bearer $HOOKBAY_KEY" ${apiBase}/api/events\n`}
              {`npx hookbay forward ${webhookUrl} --to http://localhost:3000 --key $HOOKBAY_KEY`}
            </pre>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{text.done}</Button>
      </Modal.Footer>
    </>
  );
}
