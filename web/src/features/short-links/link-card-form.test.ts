import { describe, expect, it } from 'vitest';
import { cardBodyOf, cardDraftOf, cardOfDraft } from './link-card-form';
import { makeUrl } from './test-data';

const CARD = { title: 'Launch', description: null, image: 'https://cdn.example.com/a.png' };

describe('social card form', () => {
  it('starts empty when adding and from the card when editing', () => {
    expect(cardDraftOf(null)).toEqual({ title: '', description: '', image: '' });
    expect(cardDraftOf(makeUrl({ id: 'abc1234', card: CARD }))).toEqual({
      title: 'Launch',
      description: '',
      image: 'https://cdn.example.com/a.png',
    });
  });

  it('trims the fields and makes no card of empty ones', () => {
    expect(cardOfDraft({ title: '  Launch ', description: ' ', image: '' })).toEqual({
      title: 'Launch',
      description: null,
      image: null,
    });
    expect(cardOfDraft({ title: ' ', description: '', image: '' })).toBeNull();
  });

  it('sends a card when adding one, and on edit only a changed or removed card', () => {
    expect(cardBodyOf({ title: '', description: '', image: '' }, null)).toEqual({});
    expect(cardBodyOf({ title: 'Hi', description: '', image: '' }, null)).toEqual({
      card: { title: 'Hi', description: null, image: null },
    });
    const link = makeUrl({ id: 'abc1234', card: CARD });
    expect(cardBodyOf(cardDraftOf(link), link)).toEqual({});
    expect(cardBodyOf({ ...cardDraftOf(link), title: 'Launch day' }, link)).toEqual({
      card: { ...CARD, title: 'Launch day' },
    });
    expect(cardBodyOf({ title: '', description: '', image: '' }, link)).toEqual({ card: null });
  });
});
