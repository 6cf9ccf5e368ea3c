/**
 * Width and height of a PNG or JPEG from its header, without decoding it: a file of a few KB can
 * decode to 20,000 x 20,000 pixels (1.6 GB in a browser). `null` when the header cannot be read.
 */
export function imageSize(bytes: Buffer, mime: 'image/png' | 'image/jpeg'): { width: number; height: number } | null {
  if (mime === 'image/png') {
    // Signature (8), IHDR chunk length (4) and type (4), then width and height (4 + 4, big-endian).
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  // JPEG: walk the segments after SOI to the first frame header (SOF0-SOF15 but DHT, JPG and DAC).
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan before any frame header
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}
