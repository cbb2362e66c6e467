/** Import CSV: pick a file, check the preview and its problems, send the rows, read what became of each. */
import { useRef } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { countOutcomes } from './import-run';
import { ImportTable } from './ImportTable';
import { bulkMessages as text } from './messages';
import { useCsvImport, type CsvImportView } from './useCsvImport';

function Summary({ view }: { view: CsvImportView }) {
  if (!view.file || view.file.problem) return null;
  if (view.outcomes) {
    const counts = countOutcomes(view.outcomes);
    const done = view.outcomes.filter(Boolean).length;
    return (
      <p role="status" className="fw-semibold mb-2">
        {view.isRunning
          ? text.importing(done, view.outcomes.length)
          : text.resultSummary(counts.created, counts.existing, counts.failed)}
      </p>
    );
  }
  const withProblems = view.file.rows.filter((row) => row.problems.length > 0).length;
  return (
    <p role="status" className="mb-2">
      {text.previewSummary(view.file.rows.length - withProblems, withProblems)}
    </p>
  );
}

export function ImportModal({
  show,
  onHide,
  onImported,
}: {
  show: boolean;
  onHide: () => void;
  onImported: () => void;
}) {
  const view = useCsvImport(onImported);
  const fileInput = useRef<HTMLInputElement>(null);
  const readyRows = view.file?.rows.filter((row) => row.problems.length === 0).length ?? 0;
  const canImport = !view.file?.problem && readyRows > 0 && !view.outcomes && !view.isRunning;

  function handleHide() {
    if (view.isRunning) return;
    view.reset();
    onHide();
  }

  return (
    <Modal
      show={show}
      onHide={handleHide}
      size="xl"
      fullscreen="md-down"
      centered
      aria-labelledby="import-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="import-title">{text.importTitle}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form.Group controlId="import-file" className="mb-2">
          <Form.Label>{text.fileLabel}</Form.Label>
          <Form.Control
            ref={fileInput}
            type="file"
            accept=".csv,text/csv"
            disabled={view.isRunning}
            onChange={(event) => {
              const input = event.target as HTMLInputElement;
              void view.pick(input.files?.[0] ?? null);
            }}
          />
          <Form.Text>{text.importHelp}</Form.Text>
        </Form.Group>
        <p className="small text-body-secondary">{text.importLimits}</p>
        {view.problem && <Alert variant="danger">{view.problem}</Alert>}
        <Summary view={view} />
        {view.file && !view.file.problem && <ImportTable rows={view.file.rows} outcomes={view.outcomes} />}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={handleHide} disabled={view.isRunning}>
          {text.close}
        </Button>
        {view.outcomes && !view.isRunning ? (
          <Button
            variant="outline-primary"
            onClick={() => {
              view.reset();
              if (fileInput.current) fileInput.current.value = '';
            }}
          >
            {text.chooseAnother}
          </Button>
        ) : (
          <Button variant="primary" disabled={!canImport} onClick={() => void view.start()}>
            {view.isRunning && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {text.importButton(readyRows)}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
