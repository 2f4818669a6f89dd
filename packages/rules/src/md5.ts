/**
 * MD5 (RFC 1321) of a text's UTF-8 bytes, as 32 lower-case hex digits. The request signature
 * (signature.ts, spec §7) is MD5 by the spec's wire protocol; this is the whole algorithm, small
 * enough for the traveller app's first load, where a general hashing library weighed 10 KB.
 * Not for anything secret: MD5 is broken as a hash; the signature keeps it only because the
 * protocol says so.
 */

/** Per-round left-rotation amounts. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

/** K[i] = floor(|sin(i + 1)| * 2^32), the RFC's table, computed once. */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** The message padded to a multiple of 64 bytes: a 1 bit, zeros, then its bit length (little-endian). */
function padded(bytes: Uint8Array): DataView {
  const length = (((bytes.length + 8) >>> 6) + 1) << 6;
  const out = new Uint8Array(length);
  out.set(bytes);
  out[bytes.length] = 0x80;
  const view = new DataView(out.buffer);
  const bits = bytes.length * 8;
  view.setUint32(length - 8, bits >>> 0, true);
  view.setUint32(length - 4, Math.floor(bits / 2 ** 32), true);
  return view;
}

export function md5(text: string): string {
  const view = padded(new TextEncoder().encode(text));
  let a0 = 0x67452301;
  let b0 = 0xefcdab89;
  let c0 = 0x98badcfe;
  let d0 = 0x10325476;
  const m = new Array<number>(16);
  for (let offset = 0; offset < view.byteLength; offset += 64) {
    for (let j = 0; j < 16; j++) m[j] = view.getUint32(offset + j * 4, true);
    let a = a0;
    let b = b0;
    let c = c0;
    let d = d0;
    for (let i = 0; i < 64; i++) {
      const round = i >>> 4;
      let f: number;
      let g: number;
      if (round === 0) {
        f = (b & c) | (~b & d);
        g = i;
      } else if (round === 1) {
        f = (d & b) | (~d & c);
        g = (5 * i + 1) & 15;
      } else if (round === 2) {
        f = b ^ c ^ d;
        g = (3 * i + 5) & 15;
      } else {
        f = c ^ (b | ~d);
        g = (7 * i) & 15;
      }
      const sum = (a + f + K[i]! + m[g]!) | 0;
      const shift = SHIFTS[(round << 2) | (i & 3)]!;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
    }
    a0 = (a0 + a) | 0;
    b0 = (b0 + b) | 0;
    c0 = (c0 + c) | 0;
    d0 = (d0 + d) | 0;
  }
  const digest = new DataView(new ArrayBuffer(16));
  [a0, b0, c0, d0].forEach((word, i) => {
    digest.setUint32(i * 4, word, true);
  });
  let hex = '';
  for (let i = 0; i < 16; i++) hex += digest.getUint8(i).toString(16).padStart(2, '0');
  return hex;
}
