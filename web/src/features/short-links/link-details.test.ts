import { describe, expect, it } from 'vitest';
import { areTagsValid, detailsBodyOf, detailsDraftOf, parseTags } from './link-details';
import { makeUrl } from './test-data';

describe('tags and note of the URL form', () => {
  it('reads the tag line as the server will store it', () => {
    expect(parseTags(' Launch, newsletter,,launch , Été 2026 ')).toEqual({
      tags: ['launch', 'newsletter', 'été 2026'],
      invalid: [],
    });
    const long = 'x'.repeat(33);
    expect(parseTags(`ok, ${long}`)).toEqual({ tags: ['ok'], invalid: [long] });
    expect(areTagsValid(parseTags(`ok, ${long}`))).toBe(false);
    expect(areTagsValid(parseTags('a,b,c,d,e,f,g,h,i,j'))).toBe(true);
    expect(areTagsValid(parseTags('a,b,c,d,e,f,g,h,i,j,k'))).toBe(false);
  });

  it('sends tags and a note when adding, nothing when they are empty', () => {
    expect(detailsBodyOf({ tags: 'B, a', note: '  Hi ' }, null)).toEqual({ tags: ['b', 'a'], note: 'Hi' });
    expect(detailsBodyOf({ tags: ' , ', note: '   ' }, null)).toEqual({});
  });

  it('sends only what changed when editing; cleared tags send [] and a cleared note null', () => {
    const link = makeUrl({ id: 'a1', tags: ['launch', 'mail'], note: 'Old' });
    const draft = detailsDraftOf(link);
    expect(draft).toEqual({ tags: 'launch, mail', note: 'Old' });
    expect(detailsBodyOf(draft, link)).toEqual({});
    expect(detailsBodyOf({ tags: 'MAIL, launch', note: 'Old' }, link)).toEqual({});
    expect(detailsBodyOf({ tags: 'mail', note: 'New' }, link)).toEqual({ tags: ['mail'], note: 'New' });
    expect(detailsBodyOf({ tags: '', note: '' }, link)).toEqual({ tags: [], note: null });
  });
});
