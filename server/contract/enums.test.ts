import { describe, expect, it } from 'vitest';
import { ANSWER_STATUS, POST_STATUS_NAME, QUESTION_STATUS, postStatusName } from './enums.js';

describe('contract enums', () => {
  it('names every question status once, and answers share the names', () => {
    expect(Object.values(QUESTION_STATUS).map(postStatusName)).toEqual(['available', 'closed', 'deleted', 'pending']);
    expect(Object.values(ANSWER_STATUS).map(postStatusName)).toEqual(['available', 'deleted', 'pending']);
    expect(Object.keys(POST_STATUS_NAME)).toHaveLength(4);
  });

  it('reads an unknown status code as available, as the reference lists do', () => {
    expect(postStatusName(0)).toBe('available');
    expect(postStatusName(9)).toBe('available');
  });
});
