import { describe, expect, it } from 'vitest';
import { prettyXml, tokenizeXml } from './xml';

describe('prettyXml', () => {
  it('indents nested elements and keeps one-line text inline', () => {
    const xml =
      '<?xml version="1.0"?><order id="1"><item sku="a&gt;b">Widget</item><empty/><note></note></order>';
    expect(prettyXml(xml).text).toBe(
      [
        '<?xml version="1.0"?>',
        '<order id="1">',
        '  <item sku="a&gt;b">Widget</item>',
        '  <empty/>',
        '  <note></note>',
        '</order>',
      ].join('\n'),
    );
  });

  it('handles comments, CDATA, doctype and ">" inside attributes', () => {
    const xml = '<!DOCTYPE a [<!ENTITY e "x">]><a><!-- c > d --><b t="1>2"><![CDATA[<raw>]]></b></a>';
    expect(prettyXml(xml).text).toBe(
      [
        '<!DOCTYPE a [<!ENTITY e "x">]>',
        '<a>',
        '  <!-- c > d -->',
        '  <b t="1>2"><![CDATA[<raw>]]></b>',
        '</a>',
      ].join('\n'),
    );
  });

  it('never throws on malformed input', () => {
    const inputs = [
      '<a><b></a>',
      '</x><y>',
      '<a attr="unterminated>text',
      'a < b > c',
      '<',
      '<<<>>>',
      '<!--',
      '',
    ];
    for (const input of inputs) expect(() => prettyXml(input)).not.toThrow();
    expect(prettyXml('<a><b></a><c/>').text).toBe('<a>\n  <b>\n</a>\n<c/>');
    expect(prettyXml('a < b').text).toBe('a < b');
    expect(prettyXml('</x>text').text).toBe('</x>\ntext');
  });

  it('does not indent after HTML void elements', () => {
    expect(prettyXml('<p>a<br>b</p><hr>').text).toBe('<p>\n  a\n  <br>\n  b\n</p>\n<hr>');
  });

  it('stops at the limit', () => {
    const xml = '<r>' + '<i>1</i>'.repeat(1000) + '</r>';
    const cut = prettyXml(xml, 50);
    expect(cut.complete).toBe(false);
    expect(cut.text.length).toBeLessThanOrEqual(50);
    expect(prettyXml(xml).complete).toBe(true);
  });
});

describe('tokenizeXml', () => {
  it('keeps every character', () => {
    const xml = ' <a x="1">t<b/>u</a> tail <';
    expect(
      tokenizeXml(xml)
        .map((t) => t.text)
        .join(''),
    ).toBe(xml);
  });
});
