/** "Import CSV" and "Export CSV" on the URL Shortener page. */
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { DownloadLink } from '../../components/DownloadLink';
import { linksCsvUrl } from './api';
import { ImportModal } from './ImportModal';
import { bulkMessages as text } from './messages';

/** `onImported` runs after an import, so the list can show the new links. */
export function LinkBulkTools({ onImported }: { onImported: () => void }) {
  const [isImportOpen, setIsImportOpen] = useState(false);
  return (
    <>
      <Button variant="outline-primary" onClick={() => setIsImportOpen(true)}>
        {text.importCsv}
      </Button>
      <DownloadLink href={linksCsvUrl()} className="btn btn-outline-secondary">
        {text.exportCsv}
      </DownloadLink>
      <ImportModal show={isImportOpen} onHide={() => setIsImportOpen(false)} onImported={onImported} />
    </>
  );
}
