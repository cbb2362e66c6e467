/**
 * The Contracts drawer's content: the contracts in the order they are tried, with add (a JSON
 * Schema, or an OpenAPI document's request bodies), edit and delete; then the Types panel.
 */
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { Contract } from '../../../../shared/contracts';
import type { EventsFilter } from '../../../../shared/event-search';
import { NamedItemList } from '../../components/NamedItemList';
import { messageOf } from '../../lib/http';
import { addContract, deleteContract, importOpenApi, updateContract } from './api';
import { ContractForm } from './ContractForm';
import { contractMessages as text } from './messages';
import { OpenApiForm } from './OpenApiForm';
import { TypesPanel } from './TypesPanel';
import type { ContractsView } from './useContracts';

type Mode = { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; contract: Contract } | { kind: 'openapi' };

interface ContractsPanelProps {
  view: ContractsView;
  filter: EventsFilter;
  chosenIds: readonly number[];
  isReadOnly: boolean;
}

function where(contract: Contract): string {
  const header = contract.header ? ` · ${contract.header.name}: ${contract.header.value}` : '';
  return `${contract.method} ${contract.path}${header}`;
}

export function ContractsPanel({ view, filter, chosenIds, isReadOnly }: ContractsPanelProps) {
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [notice, setNotice] = useState<{ variant: 'success' | 'danger'; text: string } | null>(null);
  const done = (message?: string) => {
    setMode({ kind: 'list' });
    setNotice(message ? { variant: 'success', text: message } : null);
    view.reload();
  };

  async function handleDelete(contract: Contract) {
    try {
      await deleteContract(contract.id);
      done();
    } catch (error) {
      setNotice({ variant: 'danger', text: messageOf(error, text.deleteFailed) });
    }
  }

  function renderEditor() {
    if (mode.kind === 'openapi') {
      return (
        <OpenApiForm
          onImport={async (document) => done(text.imported((await importOpenApi(document)).length))}
          onCancel={() => setMode({ kind: 'list' })}
        />
      );
    }
    const editing = mode.kind === 'edit' ? mode.contract : null;
    return (
      <ContractForm
        key={editing?.id ?? 'new'}
        initial={editing}
        onSave={async (input) => {
          if (editing) await updateContract(editing.id, input);
          else await addContract(input);
          done();
        }}
        onCancel={() => setMode({ kind: 'list' })}
      />
    );
  }

  return (
    <section aria-label={text.title}>
      <p className="small text-body-secondary">{text.intro}</p>
      {notice && (
        <Alert
          variant={notice.variant}
          className="py-1 small"
          role={notice.variant === 'danger' ? 'alert' : 'status'}
        >
          {notice.text}
        </Alert>
      )}
      <NamedItemList
        view={view}
        text={text}
        describe={where}
        isReadOnly={isReadOnly}
        onEdit={(contract) => setMode({ kind: 'edit', contract })}
        onDelete={(item) => void handleDelete(item)}
      />
      {isReadOnly && <p className="small text-body-secondary">{text.readOnlyNote}</p>}
      {!isReadOnly && mode.kind !== 'list' && renderEditor()}
      {!isReadOnly && mode.kind === 'list' && (
        <div className="d-flex flex-wrap gap-2 mb-2">
          <Button size="sm" onClick={() => setMode({ kind: 'add' })} disabled={view.isLoading}>
            {text.add}
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => setMode({ kind: 'openapi' })}
            disabled={view.isLoading}
          >
            {text.importOpenApi}
          </Button>
        </div>
      )}
      <p className="small text-body-secondary">{text.limitsNote}</p>
      <hr />
      <TypesPanel filter={filter} chosenIds={chosenIds} />
    </section>
  );
}
