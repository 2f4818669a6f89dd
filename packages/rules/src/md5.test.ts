import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { md5 } from './md5';

const reference = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

describe('md5', () => {
  it.each([
    // RFC 1321, appendix A.5.
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      '57edf4a22be3c955ac49da2e2107b67a',
    ],
  ])('md5(%j) is the RFC value', (text, digest) => {
    expect(md5(text)).toBe(digest);
  });

  it('hashes the UTF-8 bytes of Chinese and Khmer text', () => {
    for (const text of ['成人', 'ជោគជ័យ', 'name=张三&key=秘密', '😀 emoji']) {
      expect(md5(text)).toBe(reference(text));
    }
  });

  it('pads every length right, across the one- and two-block boundaries', () => {
    for (let length = 0; length <= 200; length++) {
      const text = Array.from({ length }, (_, i) => String.fromCharCode(33 + ((i * 7 + length) % 90))).join(
        '',
      );
      expect(md5(text), `length ${length}`).toBe(reference(text));
    }
  });
});
