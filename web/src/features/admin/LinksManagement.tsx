/**
 * The Links tab: find any session's short links by destination host or id, and disable or enable
 * them. Disabling asks first: the link stops working for everyone who has it.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Form, InputGroup, Spinner, Table } from 'react-bootstrap';
import type { AdminLink } from '../../../../shared/links';
import { ConfirmModal } from '../../components/ConfirmModal';
import { LinkStateBadge } from '../../components/LinkStateBadge';
import { notify } from '../../components/toasts';
import { messageOf } from '../../lib/http';
import { truncate } from '../../lib/format';
import { searchLinks, setLinkDisabled } from './api';
import { messages } from './messages';

export function LinksManagement() {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [links, setLinks] = useState<AdminLink[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isSearching, setIsSearching] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toDisable, setToDisable] = useState<AdminLink | null>(null);

  async function handleSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = query.trim();
    if (!text) return;
    setIsSearching(true);
    setError(null);
    try {
      setLinks(await searchLinks(text));
      setSearched(text);
    } catch (caught) {
      setError(messageOf(caught, messages.linksSearchFailed));
    } finally {
      setIsSearching(false);
    }
  }

  async function setDisabled(link: AdminLink, disable: boolean) {
    setBusyId(link.id);
    try {
      const changed = await setLinkDisabled(link.id, disable);
      setLinks((current) => current.map((item) => (item.id === changed.id ? changed : item)));
      notify.success(disable ? messages.linkDisabled(link.id) : messages.linkEnabled(link.id));
    } catch (caught) {
      notify.error(messageOf(caught, messages.linkUpdateFailed));
    } finally {
      setBusyId(null);
    }
  }

  function handleToggle(link: AdminLink) {
    if (link.state === 'disabled') void setDisabled(link, false);
    else setToDisable(link);
  }

  async function handleConfirmDisable() {
    if (!toDisable) return;
    await setDisabled(toDisable, true);
    setToDisable(null);
  }

  return (
    <Card>
      <Card.Header as="h2" className="h5">
        {messages.linksTitle}
      </Card.Header>
      <Card.Body className="d-flex flex-column gap-3">
        <Form onSubmit={(event) => void handleSearch(event)}>
          <Form.Label htmlFor="admin-links-query">{messages.linksSearchLabel}</Form.Label>
          <InputGroup>
            <Form.Control
              id="admin-links-query"
              value={query}
              placeholder={messages.linksSearchPlaceholder}
              onChange={(event) => setQuery(event.target.value)}
            />
            <Button type="submit" disabled={!query.trim() || isSearching}>
              {isSearching && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
              {messages.linksSearch}
            </Button>
          </InputGroup>
          <Form.Text>{messages.linksSearchHint}</Form.Text>
        </Form>
        {error && <Alert variant="danger">{error}</Alert>}
        {searched !== null && links.length === 0 && !error && (
          <p className="text-body-secondary mb-0">{messages.linksNone(searched)}</p>
        )}
        {links.length > 0 && <LinksTable links={links} busyId={busyId} onToggle={handleToggle} />}
      </Card.Body>
      <ConfirmModal
        show={toDisable !== null}
        title={messages.disableTitle}
        message={toDisable ? messages.disableConfirm(toDisable.id, truncate(toDisable.url, 80)) : ''}
        confirmLabel={messages.disable}
        isBusy={busyId !== null}
        onConfirm={() => void handleConfirmDisable()}
        onCancel={() => setToDisable(null)}
      />
    </Card>
  );
}

interface LinksTableProps {
  links: AdminLink[];
  busyId: string | null;
  onToggle: (link: AdminLink) => void;
}

function LinksTable({ links, busyId, onToggle }: LinksTableProps) {
  return (
    <Table responsive size="sm" className="align-middle mb-0">
      <thead>
        <tr>
          {messages.linksColumns.map((column) => (
            <th key={column}>{column}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {links.map((link) => (
          <tr key={link.id}>
            <td className="font-monospace">{link.id}</td>
            <td className="text-break" title={link.url}>
              {truncate(link.url, 60)}
            </td>
            <td className="font-monospace">{link.ownerSessionId.slice(0, 8)}</td>
            <td>{link.clicks}</td>
            <td>
              <LinkStateBadge state={link.state} />
            </td>
            <td className="text-end">
              <Button
                size="sm"
                variant={link.state === 'disabled' ? 'outline-success' : 'outline-danger'}
                disabled={busyId === link.id}
                aria-label={`${link.state === 'disabled' ? messages.enable : messages.disable} ${link.id}`}
                onClick={() => onToggle(link)}
              >
                {link.state === 'disabled' ? messages.enable : messages.disable}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
