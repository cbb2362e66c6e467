/** One CSV import: the file picked, its rows and problems, then each row's outcome as batches come back. */
import { useState } from 'react';
import { messageOf } from '../../lib/http';
import { createLinks, currentExternalIds } from './api';
import { readImportFile, type ImportFile } from './import-rows';
import { runImport, type RowOutcome } from './import-run';
import { bulkMessages as text } from './messages';

export interface CsvImportView {
  fileName: string | null;
  file: ImportFile | null;
  /** Why the file could not be read or imported at all. */
  problem: string | null;
  /** Per row, once the import started; null for rows not answered yet. */
  outcomes: (RowOutcome | null)[] | null;
  isRunning: boolean;
  pick: (file: File | null) => Promise<void>;
  start: () => Promise<void>;
  reset: () => void;
}

/** `onImported` runs once an import ends, so the page can show the new links. */
export function useCsvImport(onImported: () => void): CsvImportView {
  const [fileName, setFileName] = useState<string | null>(null);
  const [file, setFile] = useState<ImportFile | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<(RowOutcome | null)[] | null>(null);
  const [isRunning, setIsRunning] = useState(false);

  function reset() {
    setFileName(null);
    setFile(null);
    setProblem(null);
    setOutcomes(null);
  }

  async function pick(picked: File | null) {
    reset();
    if (!picked) return;
    setFileName(picked.name);
    try {
      const read = readImportFile(await picked.text());
      setFile(read);
      setProblem(read.problem);
    } catch {
      setProblem(text.readFailed);
    }
  }

  async function start() {
    if (!file || file.problem || isRunning) return;
    setIsRunning(true);
    setOutcomes(file.rows.map(() => null));
    try {
      const existingExternalIds = await currentExternalIds();
      setOutcomes(
        await runImport(file.rows, { send: createLinks, existingExternalIds, onProgress: setOutcomes }),
      );
      onImported();
    } catch (error) {
      setProblem(messageOf(error, text.batchFailed));
      setOutcomes(null);
    } finally {
      setIsRunning(false);
    }
  }

  return { fileName, file, problem, outcomes, isRunning, pick, start, reset };
}
