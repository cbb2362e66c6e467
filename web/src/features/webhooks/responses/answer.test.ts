import { describe, expect, it } from 'vitest';
import { describeAnswer, statusVariant } from './answer';

describe('statusVariant', () => {
  it.each([
    [200, 'success'],
    [204, 'success'],
    [301, 'info'],
    [404, 'warning'],
    [429, 'warning'],
    [500, 'danger'],
    [504, 'danger'],
    [600, 'danger'],
    [101, 'secondary'],
    [null, 'secondary'],
  ])('%s is %s', (status, variant) => {
    expect(statusVariant(status)).toBe(variant);
  });
});

describe('describeAnswer', () => {
  it('says who answered and with what', () => {
    expect(describeAnswer({ status: 500, source: 'rule', rule: 1 })).toBe('Answered 500 by rule 1');
    // Stored before the rule's position was recorded.
    expect(describeAnswer({ status: 500, source: 'rule' })).toBe('Answered 500 by a response rule');
    expect(describeAnswer({ status: 200, source: 'default' })).toBe('Default answer');
    expect(describeAnswer({ status: 413, source: 'default' })).toBe(
      'Default answer: 413, the body was too large',
    );
    expect(describeAnswer({ status: 201, source: 'forwarder' })).toBe('Answered 201 by your forwarder');
    expect(describeAnswer({ status: 504, source: 'error' })).toBe(
      'Answered 504 by Hookbay: the forwarder failed or was too slow',
    );
  });

  it('says a forwarder’s answer is still awaited', () => {
    expect(describeAnswer({ status: null, source: 'forwarder' })).toBe(
      'Waiting for your forwarder’s answer…',
    );
  });

  it('says a fault gave no answer', () => {
    expect(describeAnswer({ status: 0, source: 'rule', rule: 2 })).toBe(
      'No answer: rule 2 reset, cut off or held the connection',
    );
  });
});
