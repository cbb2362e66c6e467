/** The URL Shortener (/url-shortener and /urlshortener): quick add, the list, the selected URL, add/edit/delete. */
import { useState, type ReactNode } from 'react';
import { Button, Col, Row } from 'react-bootstrap';
import type { ShortUrl } from '../../../../shared/links';
import { ConfirmModal } from '../../components/ConfirmModal';
import { PageContainer } from '../../components/PageContainer';
import { StatusBanner } from '../../components/StatusBanner';
import { usePageTitle } from '../../pages/usePageTitle';
import { SessionGate } from '../../session/SessionGate';
import { QuickAddForm } from './components/QuickAddForm';
import { UrlDetail } from './components/UrlDetail';
import { UrlFormModal, type UrlFormMode, type UrlFormSubmit } from './components/UrlFormModal';
import { RetiredAliasVisits } from './components/RetiredAliasVisits';
import { TagFilter } from './components/TagFilter';
import { TagSummary } from './components/TagSummary';
import { UrlList } from './components/UrlList';
import { messages } from './messages';
import { useShortLinks } from './useShortLinks';
import { useTagFilter } from './useTagFilter';

/** Panels other features add: beside "Add URL" (given the selected link), and in the link's detail. */
export interface ShortenerSlots {
  headerActions?: (selected: ShortUrl | null) => ReactNode;
  linkPanel?: (url: ShortUrl) => ReactNode;
  /** More tools beside "Add URL" (import, export); `onChanged` reloads the list. */
  tools?: (onChanged: () => void) => ReactNode;
  /** A mark after each link's own in the list. */
  listMarker?: (url: ShortUrl) => ReactNode;
}

export function UrlShortenerPage(slots: ShortenerSlots) {
  usePageTitle(messages.pageTitle);
  return (
    <PageContainer>
      <SessionGate>
        {(user) => <ShortLinksScreen key={user.sessionId} sessionId={user.sessionId} slots={slots} />}
      </SessionGate>
    </PageContainer>
  );
}

interface FormState {
  show: boolean;
  mode: UrlFormMode;
  /** The URL being edited; null when adding. */
  target: ShortUrl | null;
}

function ShortLinksScreen({ sessionId, slots }: { sessionId: string; slots: ShortenerSlots }) {
  const links = useShortLinks(sessionId);
  const filter = useTagFilter(links.urls, links.selected, links.select);
  // Mode and target stay put while the modal fades out, so its title does not flip on the way.
  const [form, setForm] = useState<FormState>({ show: false, mode: 'add', target: null });
  const [pendingDelete, setPendingDelete] = useState<ShortUrl | null>(null);

  const handleFormSubmit: UrlFormSubmit = (value, options, onAliasTaken) =>
    form.mode === 'edit' && form.target
      ? links.update(form.target.id, value, options, onAliasTaken)
      : links.add(value, options, onAliasTaken);

  async function handleConfirmDelete() {
    if (!pendingDelete) return;
    await links.remove(pendingDelete.id);
    setPendingDelete(null);
  }

  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">{messages.pageTitle}</h1>
        <div className="d-flex flex-wrap gap-2">
          {slots.headerActions?.(links.selected)}
          {slots.tools?.(links.retryLoad)}
          <Button variant="primary" onClick={() => setForm({ show: true, mode: 'add', target: null })}>
            {messages.addUrl}
          </Button>
        </div>
      </div>
      <StatusBanner text={links.banner} />
      <div className="mb-4">
        <QuickAddForm isBusy={links.isSaving} onSubmit={links.add} />
      </div>
      <TagFilter counts={filter.counts} selected={filter.tag} onSelect={filter.choose} />
      {filter.tag !== null && <TagSummary sessionId={sessionId} tag={filter.tag} clicks={filter.clicks} />}
      <Row className="g-4">
        <Col lg={4}>
          <UrlList
            urls={filter.shown}
            selectedId={links.selected?.id ?? null}
            isLoading={links.isLoading}
            loadFailed={links.loadFailed}
            onSelect={links.select}
            onDelete={setPendingDelete}
            onRetry={links.retryLoad}
            marker={slots.listMarker}
          />
        </Col>
        <Col lg={8}>
          <UrlDetail
            url={links.selected}
            onEdit={(url) => setForm({ show: true, mode: 'edit', target: url })}
            extra={slots.linkPanel}
          />
        </Col>
      </Row>
      <RetiredAliasVisits />
      <UrlFormModal
        show={form.show}
        mode={form.mode}
        initial={form.target}
        isBusy={links.isSaving}
        onSubmit={handleFormSubmit}
        onHide={() => setForm((current) => ({ ...current, show: false }))}
      />
      <ConfirmModal
        show={pendingDelete !== null}
        title={messages.deleteTitle}
        message={messages.confirmDelete}
        isBusy={links.isDeleting}
        onConfirm={() => void handleConfirmDelete()}
        onCancel={() => setPendingDelete(null)}
      />
    </>
  );
}
