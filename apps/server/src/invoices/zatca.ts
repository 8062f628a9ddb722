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
