/**
 * The QR code of a ZATCA simplified tax invoice, phase 1 (docs/domain.md, "ZATCA: the facts Kora builds on"): five TLV fields — 1 seller
 * name, 2 VAT number, 3 timestamp (ISO 8601), 4 total with VAT, 5 VAT amount — each one tag byte,
 * one length byte (the UTF-8 byte count, at most 255) and the UTF-8 value, concatenated and
 * base64-encoded. Phase 2 adds tags 6–9 to the same encoding (signing.ts); invoices issued before
 * e-invoicing keep this one.
 */
export interface ZatcaFields {
  sellerName: string;
  vatNumber: string;
  /** ISO 8601, e.g. 2021-07-12T14:25:09Z. */
  timestamp: string;
  /** Total with VAT, two decimals ('100.00'). */
  total: string;
  /** VAT amount, two decimals ('15.00'). */
  vat: string;
}

/** One TLV field (text as UTF-8, or raw bytes); a value longer than 255 bytes cannot be encoded (the length is one byte). */
export function tlv(tag: number, value: string | Buffer): Buffer {
  const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
  if (bytes.length > 255) throw new RangeError(`ZATCA TLV tag ${tag}: ${bytes.length} bytes, at most 255`);
  return Buffer.concat([Buffer.from([tag, bytes.length]), bytes]);
}

/** The base64 text the QR code carries. */
export function zatcaQrPayload(f: ZatcaFields): string {
  return Buffer.concat([tlv(1, f.sellerName), tlv(2, f.vatNumber), tlv(3, f.timestamp), tlv(4, f.total), tlv(5, f.vat)]).toString('base64');
}

/** A timestamp as ZATCA's examples write it: ISO 8601 in UTC to the second ('2021-07-12T14:25:09Z'). */
export const zatcaTimestamp = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;

/** The fields of a TLV payload by tag (the QR's text, base64). */
export function readTlv(base64: string): Map<number, Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  const tags = new Map<number, Buffer>();
  for (let i = 0; i + 1 < bytes.length; i += 2 + bytes[i + 1]) tags.set(bytes[i], bytes.subarray(i + 2, i + 2 + bytes[i + 1]));
  return tags;
}

/** Tags 1–5 of a QR payload, as the fields they were written from. */
export function zatcaFieldsOf(base64: string): ZatcaFields {
  const tags = readTlv(base64);
  const text = (tag: number) => {
    const value = tags.get(tag);
    if (!value) throw new Error(`The QR payload has no tag ${tag}`);
    return value.toString('utf8');
  };
  return { sellerName: text(1), vatNumber: text(2), timestamp: text(3), total: text(4), vat: text(5) };
}
