import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/render';
import { TypesPanel } from './TypesPanel';

const answer = {
  jsonSchema: { type: 'object' },
  typescript: 'export interface CapturedBody {\n  order: number;\n}\n',
  zod: 'export const capturedBody = z.object({ order: z.number() })\n',
  samples: 2,
  skipped: 0,
};

describe('types from captures', () => {
  afterEach(cleanup);

  it('infers from the chosen requests by their ids, or from the search', async () => {
    const calls = stubFetch(() => ({ status: 200, body: answer }));
    render(<TypesPanel filter={{ q: 'order' }} chosenIds={[4, 9]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Types from the 2 picked requests (#4, #9)' }));
    expect(await screen.findByRole('status')).toHaveTextContent('From 2 JSON bodies.');
    expect(screen.getByLabelText('TypeScript', { selector: 'pre' })).toHaveTextContent(
      'export interface CapturedBody {',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Types from the current search' }));
    await screen.findByRole('status');
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/api/events/types', { ids: [4, 9] }],
      ['POST', '/api/events/types', { q: 'order' }],
    ]);
  });

  it('names the one request open in the details; with none chosen only the search is offered', () => {
    render(<TypesPanel filter={{}} chosenIds={[7]} />);
    expect(screen.getByRole('button', { name: 'Types from request #7' })).toBeInTheDocument();
    cleanup();
    render(<TypesPanel filter={{}} chosenIds={[]} />);
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Types from the current search',
    ]);
  });
});
