import { describe, expect, it } from 'vitest';
import { decodeId, encodeShortId, objectTypeOf } from './object-id.js';

describe('object ids', () => {
  it('encodes short ids as the reference does', () => {
    expect(encodeShortId('10010000000000002')).toBe('D1E1');
    expect(encodeShortId('10020000000000003')).toBe('E1F1');
  });

  it('decodes short and long ids and refuses others', () => {
    expect(decodeId('D1E1')).toBe('10010000000000002');
    expect(decodeId('10020000000000003')).toBe('10020000000000003');
    expect(decodeId('123')).toBeNull();
    expect(decodeId('!!')).toBeNull();
    for (const id of ['10010000000000001', '10070000000012345', '10039999999999999']) expect(decodeId(encodeShortId(id))).toBe(id);
  });

  it('reads the object type from a long id', () => {
    expect(objectTypeOf('10010000000000002')).toBe(1);
    expect(objectTypeOf('10070000000000002')).toBe(7);
    expect(objectTypeOf('42')).toBeNull();
  });
});
