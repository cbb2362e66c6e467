import { describe, expect, it } from 'vitest';
import { checkDraft, emptyDraft } from './draft';

describe('checkDraft', () => {
  it('starts from an empty draft in the general category', () => {
    expect(emptyDraft).toEqual({ title: '', description: '', category: 'general', email: '' });
  });

  it('requires a title and a description', () => {
    expect(checkDraft(emptyDraft)).toEqual({
      ok: false,
      errors: { title: 'A title is required.', description: 'A description is required.' },
    });
  });

  it('gives the trimmed body, with an empty email as null', () => {
    expect(checkDraft({ ...emptyDraft, title: ' Idea ', description: ' More ' })).toEqual({
      ok: true,
      value: { title: 'Idea', description: 'More', category: 'general', email: null },
    });
  });

  it('accepts a valid email and refuses an invalid one', () => {
    const draft = { ...emptyDraft, title: 'Idea', description: 'More', category: 'other' as const };
    expect(checkDraft({ ...draft, email: 'a@b.co' })).toMatchObject({ ok: true, value: { email: 'a@b.co' } });
    expect(checkDraft({ ...draft, email: 'nope' })).toEqual({
      ok: false,
      errors: { email: 'Please enter a valid email address, or leave it empty.' },
    });
  });
});
