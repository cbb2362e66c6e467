import { describe, expect, it } from 'vitest';
import { ALIAS_RULE_MESSAGE, INVALID_URL_MESSAGE } from '../../../../shared/links';
import { readImportFile } from './import-rows';

const NOW = Date.UTC(2026, 10, 27);

describe('reading an import file', () => {
  it('reads each row with the optional columns, in any order and case', () => {
    const csv =
      'MaxClicks,destination,Alias,external_id,expiresAt\n' +
      '5,https://a.example/1,launch,crm-1,2030-01-31T18:00:00Z\n' +
      ',https://a.example/2,,,\n';
    expect(readImportFile(csv, NOW)).toEqual({
      problem: null,
      rows: [
        {
          line: 2,
          item: {
            url: 'https://a.example/1',
            alias: 'launch',
            externalId: 'crm-1',
            expiresAt: '2030-01-31T18:00:00Z',
            maxClicks: 5,
          },
          problems: [],
        },
        { line: 3, item: { url: 'https://a.example/2' }, problems: [] },
      ],
    });
  });

  it('reads Hookbay’s own export, undoing its guard against spreadsheet formulas', () => {
    const csv =
      'id,shortUrl,url,alias,externalId,createdAt,expiresAt,maxClicks,hasPassword,clicks,state,disabledAt\r\n' +
      "-launch,https://h.example/s/-launch,https://a.example/,'-launch,'=sum,2026-11-20T10:00:00.000Z,,3,false,0,active,\r\n";
    expect(readImportFile(csv, NOW).rows).toEqual([
      {
        line: 2,
        item: { url: 'https://a.example/', alias: '-launch', externalId: '=sum', maxClicks: 3 },
        problems: [],
      },
    ]);
  });

  it('lists each row’s problems with the rules of the server', () => {
    const csv =
      'url,alias,maxClicks,expiresAt,externalId\n' +
      'ftp://a.example,a b,0,,\n' +
      'https://a.example,ok-alias,many,tomorrow,\n' +
      'https://a.example,,,2020-01-01T00:00:00Z,\n';
    const [first, second, third] = readImportFile(csv, NOW).rows;
    expect(first?.problems).toEqual([
      INVALID_URL_MESSAGE,
      ALIAS_RULE_MESSAGE,
      'The click limit must be a whole number of 1 or more.',
    ]);
    expect(second?.problems).toEqual([
      'expiresAt must be a date and time in ISO 8601, e.g. 2030-01-31T18:00:00Z.',
      'The click limit must be a whole number of 1 or more.',
    ]);
    expect(third?.problems).toEqual(['The expiry date must be in the future.']);
  });

  it('marks a row that repeats an earlier row’s alias or externalId', () => {
    const csv =
      'url,alias,externalId\nhttps://a.example,one,x\nhttps://b.example,one,y\nhttps://c.example,,x\n';
    expect(readImportFile(csv, NOW).rows.map((row) => row.problems)).toEqual([
      [],
      ['This alias is also on line 2.'],
      ['This externalId is also on line 2.'],
    ]);
  });

  it('refuses a file without a url column, without rows, or with more than 5,000 rows', () => {
    expect(readImportFile('alias\nlaunch\n', NOW)).toEqual({
      rows: [],
      problem: 'The header row must name a "url" or "destination" column.',
    });
    expect(readImportFile('url\n', NOW).problem).toBe(
      'The file has no rows to import: a header row and at least one row are needed.',
    );
    const big = `url\n${'https://a.example\n'.repeat(5001)}`;
    expect(readImportFile(big, NOW).problem).toBe(
      'This file has 5,001 rows; at most 5,000 can be imported at once.',
    );
    expect(readImportFile(`url\n${'https://a.example\n'.repeat(5000)}`, NOW).problem).toBeNull();
  });
});
