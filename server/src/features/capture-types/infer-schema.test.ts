import { describe, expect, it } from 'vitest';
import { inferSchema, MAX_DEPTH } from './infer-schema.js';

const SCHEMA = 'https://json-schema.org/draft/2020-12/schema';

describe('inferring one schema from captured bodies', () => {
  it('requires only the fields every sample has', () => {
    const schema = inferSchema([{ id: 1, note: 'a' }, { id: 2 }, { id: 3, note: 'b' }]);
    expect(schema).toEqual({
      $schema: SCHEMA,
      title: 'CapturedBody',
      type: 'object',
      properties: { id: { type: 'integer' }, note: { type: 'string' } },
      required: ['id'],
    });
  });

  it('unites the types a field shows, integers widening to number', () => {
    const schema = inferSchema([{ v: 1 }, { v: 'one' }, { v: null }, { v: 1.5 }]);
    expect(schema.properties).toEqual({ v: { type: ['string', 'number', 'null'] } });
  });

  it('makes a small set of repeated strings an enum, over enough samples only', () => {
    const status = inferSchema([{ s: 'open' }, { s: 'closed' }, { s: 'open' }]);
    expect(status.properties).toEqual({ s: { type: 'string', enum: ['closed', 'open'] } });
    // Two samples are too few, and all-different values are no enum.
    expect(inferSchema([{ s: 'open' }, { s: 'open' }]).properties).toEqual({ s: { type: 'string' } });
    expect(inferSchema([{ s: 'a' }, { s: 'b' }, { s: 'c' }]).properties).toEqual({ s: { type: 'string' } });
    // Six distinct values are too many.
    const six = ['a', 'b', 'c', 'd', 'e', 'f', 'a'].map((s) => ({ s }));
    expect(inferSchema(six).properties).toEqual({ s: { type: 'string' } });
    const withNull = inferSchema([{ s: 'x' }, { s: 'x' }, { s: null }, { s: 'y' }]);
    expect(withNull.properties).toEqual({ s: { type: ['string', 'null'], enum: ['x', 'y', null] } });
  });

  it('names the formats date-time, uuid, email and uri when every value has it', () => {
    const schema = inferSchema([
      {
        at: '2026-11-28T09:30:00Z',
        id: '5f0c6e1a-3b7d-4c2e-9a1f-0d8e7b6c5a4f',
        mail: 'dev@example.com',
        site: 'https://example.com/hooks',
      },
      {
        at: '2026-11-28T10:00:00.123+01:00',
        id: 'A3C1E2D4-1111-4222-8333-944455556666',
        mail: 'ops@example.org',
        site: 'http://127.0.0.1:3000/x',
      },
    ]);
    expect(schema.properties).toEqual({
      at: { type: 'string', format: 'date-time' },
      id: { type: 'string', format: 'uuid' },
      mail: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri' },
    });
    expect(inferSchema([{ at: '2026-11-28T09:30:00Z' }, { at: 'yesterday' }]).properties).toEqual({
      at: { type: 'string' },
    });
  });

  it('merges the items of every array and nested objects', () => {
    const schema = inferSchema([{ items: [{ sku: 'a', qty: 1 }, { sku: 'b' }] }, { items: [] }, [1, 2]]);
    expect(schema).toEqual({
      $schema: SCHEMA,
      title: 'CapturedBody',
      type: ['object', 'array'],
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { sku: { type: 'string' }, qty: { type: 'integer' } },
            required: ['sku'],
          },
        },
      },
      required: ['items'],
      items: { type: 'integer' },
    });
  });

  it('types places nested past MAX_DEPTH by their kind alone, however deep a sender nests', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 10_000; level++) deep = [deep];
    let schema = inferSchema([deep]) as { items?: unknown };
    let levels = 0;
    while (schema.items) {
      schema = schema.items as { items?: unknown };
      levels++;
    }
    expect(levels).toBe(MAX_DEPTH);
    expect(schema).toEqual({ type: 'array' });
  });
});
