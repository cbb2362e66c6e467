import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from '../../lib/local-time';
import { draftOf, hasOptions, optionsBodyOf } from './link-form';
import { makeUrl } from './test-data';

const empty = draftOf(null);

describe('link options form', () => {
  it('sends nothing extra when no option is filled in', () => {
    expect(optionsBodyOf(empty, null)).toEqual({});
  });

  it('sends every option filled in when adding', () => {
    const body = optionsBodyOf(
      {
        alias: ' launch ',
        expiresAt: '2030-01-31T18:00',
        maxClicks: '100',
        password: 'pw',
        removePassword: false,
      },
      null,
    );
    expect(body).toEqual({
      alias: 'launch',
      expiresAt: new Date('2030-01-31T18:00').toISOString(),
      maxClicks: 100,
      password: 'pw',
    });
  });

  it('sends only what changed when editing, and null for what was cleared', () => {
    const link = makeUrl({
      id: 'launch',
      alias: 'launch',
      expiresAt: '2030-01-31T17:00:00.000Z',
      maxClicks: 5,
      hasPassword: true,
    });
    const draft = draftOf(link);
    expect(draft).toEqual({
      alias: 'launch',
      expiresAt: toLocalInput('2030-01-31T17:00:00.000Z'),
      maxClicks: '5',
      password: '',
      removePassword: false,
    });
    expect(optionsBodyOf(draft, link)).toEqual({});
    expect(optionsBodyOf({ ...draft, expiresAt: '', maxClicks: '', removePassword: true }, link)).toEqual({
      expiresAt: null,
      maxClicks: null,
      password: null,
    });
    expect(optionsBodyOf({ ...draft, alias: 'launch-2', password: 'new' }, link)).toEqual({
      alias: 'launch-2',
      password: 'new',
    });
  });

  it('sends a click limit that is no number as typed, never as "no limit"', () => {
    expect(optionsBodyOf({ ...empty, maxClicks: 'ten' }, null)).toEqual({ maxClicks: 'ten' });
    expect(optionsBodyOf({ ...empty, maxClicks: '2.5' }, null)).toEqual({ maxClicks: 2.5 });
  });

  it('keeps a datetime-local value and an ISO time in step', () => {
    expect(toLocalInput(fromLocalInput('2030-06-15T08:05'))).toBe('2030-06-15T08:05');
    expect(toLocalInput(null)).toBe('');
  });

  it('knows when a link has options', () => {
    expect(hasOptions(makeUrl({ id: 'plain123' }))).toBe(false);
    expect(hasOptions(makeUrl({ id: 'locked12', hasPassword: true }))).toBe(true);
    expect(hasOptions(null)).toBe(false);
  });
});
