import { describe, expect, it } from 'vitest';
import { destinationLabel } from './link-label';

describe('destinationLabel', () => {
  it('keeps the host and the last part of the path, folding the folders before it', () => {
    expect(destinationLabel('https://docs.example.com/guides/getting-started/webhooks')).toEqual({
      host: 'docs.example.com',
      pathEnd: '/…/webhooks',
    });
    expect(destinationLabel('https://example.com/a/very/long/path/that/ends/here/')).toEqual({
      host: 'example.com',
      pathEnd: '/…/here/',
    });
  });

  it('shows a one-part path whole and a bare host alone, without www.', () => {
    expect(destinationLabel('https://www.example.com/pricing')).toEqual({
      host: 'example.com',
      pathEnd: '/pricing',
    });
    expect(destinationLabel('http://localhost:8080')).toEqual({ host: 'localhost:8080', pathEnd: '' });
  });

  it('keeps the query, cut when long, as campaign links differ there', () => {
    expect(destinationLabel('https://shop.example.com/sale?ref=mail')).toEqual({
      host: 'shop.example.com',
      pathEnd: '/sale?ref=mail',
    });
    expect(destinationLabel('https://shop.example.com/sale?utm_source=newsletter&utm_medium=email')).toEqual({
      host: 'shop.example.com',
      pathEnd: '/sale?utm_source=newsletter&u…',
    });
  });

  it('decodes escaped characters and leaves text that is no URL as it is', () => {
    expect(destinationLabel('https://example.com/wiki/Caf%C3%A9').pathEnd).toBe('/…/Café');
    expect(destinationLabel('not a url')).toEqual({ host: 'not a url', pathEnd: '' });
  });
});
