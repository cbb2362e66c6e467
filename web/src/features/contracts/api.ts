/** The contracts and capture-types calls, returning the shared types. */
import type { Contract, ContractInput } from '../../../../shared/contracts';
import type { EventsFilter } from '../../../../shared/event-search';
import { filterParams } from '../../../../shared/event-search';
import { http } from '../../lib/http';

export const CONTRACTS_PATH = '/api/contracts';

export async function listContracts(): Promise<Contract[]> {
  return (await http.get<{ contracts: Contract[] }>(CONTRACTS_PATH)).contracts;
}

export function addContract(input: ContractInput): Promise<Contract> {
  return http.post<Contract>(CONTRACTS_PATH, input);
}

export async function importOpenApi(document: string): Promise<Contract[]> {
  return (await http.post<{ contracts: Contract[] }>(`${CONTRACTS_PATH}/openapi`, { document })).contracts;
}

export function updateContract(id: string, input: ContractInput): Promise<Contract> {
  return http.put<Contract>(`${CONTRACTS_PATH}/${encodeURIComponent(id)}`, input);
}

export async function deleteContract(id: string): Promise<void> {
  await http.delete(`${CONTRACTS_PATH}/${encodeURIComponent(id)}`);
}

export interface CaptureTypes {
  jsonSchema: Record<string, unknown>;
  typescript: string;
  zod: string;
  samples: number;
  skipped: number;
}

/** Which requests types are inferred from: those named, or the newest 500 matching a search. */
export type TypesSource = { ids: readonly number[] } | { filter: EventsFilter };

export function inferTypes(source: TypesSource): Promise<CaptureTypes> {
  const body = 'ids' in source ? { ids: source.ids } : filterParams(source.filter);
  return http.post<CaptureTypes>('/api/events/types', body);
}
