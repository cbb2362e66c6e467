/**
 * Types inferred from the requests the list shows, or from the requests chosen in it: JSON Schema,
 * TypeScript and zod, to copy or download.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import type { EventsFilter } from '../../../../shared/event-search';
import { CopyButton } from '../../components/CopyButton';
import { messageOf } from '../../lib/http';
import { inferTypes, type CaptureTypes, type TypesSource } from './api';
import { contractMessages as text } from './messages';

const OUTPUTS = [
  { key: 'jsonSchema', title: 'JSON Schema', file: 'captured-body.schema.json', type: 'application/json' },
  { key: 'typescript', title: 'TypeScript', file: 'captured-body.ts', type: 'text/plain' },
  { key: 'zod', title: 'zod', file: 'captured-body.zod.ts', type: 'text/plain' },
] as const;

function textOf(types: CaptureTypes, key: (typeof OUTPUTS)[number]['key']): string {
  return key === 'jsonSchema' ? `${JSON.stringify(types.jsonSchema, null, 2)}\n` : types[key];
}

function download(name: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function TypesPanel({ filter, chosenIds }: { filter: EventsFilter; chosenIds: readonly number[] }) {
  const [types, setTypes] = useState<CaptureTypes | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  async function handleInfer(source: TypesSource) {
    setIsBusy(true);
    setProblem(null);
    try {
      setTypes(await inferTypes(source));
    } catch (error) {
      setProblem(messageOf(error, text.typesFailed));
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <section aria-label={text.typesTitle}>
      <h3 className="fs-6">{text.typesTitle}</h3>
      <p className="small text-body-secondary">{text.typesIntro}</p>
      <div className="d-flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void handleInfer({ filter })}
          disabled={isBusy}
        >
          {text.types}
        </Button>
        {chosenIds.length > 0 && (
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => void handleInfer({ ids: chosenIds })}
            disabled={isBusy}
          >
            {text.typesFromChosen(chosenIds)}
          </Button>
        )}
      </div>
      {problem && (
        <Alert variant="danger" className="py-1 small mt-2" role="alert">
          {problem}
        </Alert>
      )}
      {types && (
        <>
          <p className="small mt-2 mb-1" role="status">
            {text.typesSamples(types.samples, types.skipped)}
          </p>
          <Tabs defaultActiveKey="typescript" className="small" mountOnEnter>
            {OUTPUTS.map((output) => (
              <Tab key={output.key} eventKey={output.key} title={output.title}>
                <div className="d-flex gap-2 my-2">
                  <CopyButton
                    text={textOf(types, output.key)}
                    successMessage={text.copied}
                    label={`${text.copy} ${output.title}`}
                  />
                  <Button
                    size="sm"
                    variant="outline-secondary"
                    onClick={() => download(output.file, output.type, textOf(types, output.key))}
                  >
                    {text.download}
                  </Button>
                </div>
                <pre
                  className="small border rounded p-2 bg-body-tertiary"
                  style={{ maxHeight: '40vh' }}
                  aria-label={output.title}
                >
                  {textOf(types, output.key)}
                </pre>
              </Tab>
            ))}
          </Tabs>
        </>
      )}
    </section>
  );
}
